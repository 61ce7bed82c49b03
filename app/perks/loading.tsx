/** While the server finds the perks for new filters. */
export default function Loading() {
  return (
    <main id="main" className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 sm:px-6 sm:py-12">
      <p role="status" className="text-lg">
        Loading perks…
      </p>
    </main>
  );
}
