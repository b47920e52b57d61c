import { useEffect, useRef, useState, type FormEvent } from "react";
import { Send } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/card";
import { Input } from "~/components/ui/field";
import type { ChatMessage } from "../../../workers/contract/room/protocol";

/** Game chat (spec 001 §2: 600 px; §5: trimmed, needs a live connection, Enter sends, input clears). */
export function ChatPanel({
  messages,
  disabled,
  connected,
  onSend,
}: {
  messages: ChatMessage[];
  disabled: boolean;
  connected: boolean;
  onSend: (content: string) => boolean;
}) {
  const [draft, setDraft] = useState("");
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = draft.trim();
    if (!text || !connected) return;
    if (onSend(text)) setDraft("");
  }

  return (
    <Card className="flex h-[480px] flex-col p-3" data-testid="chat-panel">
      <h2 className="mb-3 text-lg font-bold">Game Chat</h2>
      <ol ref={listRef} className="flex-1 space-y-2 overflow-y-auto pr-1" aria-label="Chat history" aria-live="polite">
        {messages.length === 0 ? <li className="text-sm text-muted">No messages yet.</li> : null}
        {messages.map((m) => (
          <li key={m.id} className="rounded-lg bg-surface p-2 text-sm" data-testid="chat-message">
            <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
              <span className="font-semibold text-fg">{m.sender.firstName}</span>
              <time dateTime={m.timestamp}>{new Date(m.timestamp).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}</time>
              {m.type === "game_action" ? <Badge tone="outline">Game Action</Badge> : null}
            </div>
            <p className="mt-1 break-words">{m.content}</p>
          </li>
        ))}
      </ol>
      <form onSubmit={submit} className="mt-3 flex gap-2">
        <Input
          aria-label="Chat message"
          placeholder={disabled ? "Spectators can read the chat" : "Type a message..."}
          value={draft}
          maxLength={2000}
          onChange={(e) => setDraft(e.target.value)}
          disabled={disabled}
        />
        <Button type="submit" size="icon" aria-label="Send message" disabled={disabled || !connected || !draft.trim()}>
          <Send className="h-4 w-4" aria-hidden="true" />
        </Button>
      </form>
    </Card>
  );
}
