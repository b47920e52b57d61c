/** Spec §2: content split into paragraphs by line. Rendered as text: markup is never run. */
export function Paragraphs({ text }: { text: string }) {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== "");
  return (
    <div className="grid gap-3 break-words leading-relaxed">
      {lines.map((line, i) => (
        <p key={i}>{line}</p>
      ))}
    </div>
  );
}
