/** Renders the document's light markdown (`code` and **bold**) as elements, never as HTML. */
export function InlineText({ text }: { text: string }) {
  const parts = text.split(/(`[^`]+`|\*\*[^*]+\*\*)/g).filter(Boolean);
  return (
    <>
      {parts.map((part, index) => {
        if (part.startsWith("`")) {
          return (
            <code key={index} className="rounded bg-slate-100 px-1 py-0.5 text-[0.9em] dark:bg-slate-800">
              {part.slice(1, -1)}
            </code>
          );
        }
        if (part.startsWith("**")) return <strong key={index}>{part.slice(2, -2)}</strong>;
        return <span key={index}>{part}</span>;
      })}
    </>
  );
}
