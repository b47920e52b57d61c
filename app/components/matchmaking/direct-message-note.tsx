import { MessageCircle } from "lucide-react";

/** Spec 001 §2: direct messages are announced, not built yet. */
export function DirectMessageNote({ id }: { id?: string }) {
  return (
    <p id={id} className="flex items-center gap-2 text-sm text-muted">
      <MessageCircle className="h-4 w-4 shrink-0" aria-hidden="true" />
      Direct messaging is available in the next update.
    </p>
  );
}
