import { CATEGORIES } from "@/lib/schemas/categories";

export default function HomePage() {
  return (
    <main className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-3xl font-semibold tracking-tight">Utility Data Service</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">
        NFT projects publish the perks their holders get; partners reach the data through the{" "}
        <code className="rounded bg-slate-100 px-1 dark:bg-slate-800">/api-gateway</code> HTTP API.
      </p>
      <h2 className="mt-10 text-lg font-medium">Perk categories</h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {CATEGORIES.map((category) => (
          <li key={category} className="rounded-full border border-slate-300 px-3 py-1 text-sm dark:border-slate-700">
            {category}
          </li>
        ))}
      </ul>
    </main>
  );
}
