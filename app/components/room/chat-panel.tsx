import { useEffect, useRef, useState, type FormEvent } from "react";
import { Send, SquareStack, X } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/card";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog";
import { Input } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import type { ChatMessage, SharedCard } from "../../../workers/contract/room/protocol";
import { CardDetails } from "./card-details";
import { ItemMenu } from "~/components/moderation/item-menu";

/** A card shown to the table: one compact line that opens the card's image and text, for everyone (spectators too). */
function CardLine({ from, card }: { from: string; card: SharedCard }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <button
          type="button"
          className="mt-1 flex w-full items-center gap-2 rounded-md border border-border bg-background px-2 py-1 text-left hover:border-primary"
          data-testid="chat-card"
        >
          <SquareStack className="h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
          <span className="min-w-0 truncate">
            <span className="sr-only">{from} shows </span>
            <span className="font-semibold">{card.name}</span>
            <span className="text-muted"> · {card.typeLine}</span>
          </span>
        </button>
      </DialogTrigger>
      <DialogContent title={card.name} description={`${from} showed this card to the table`} className="max-w-2xl">
        <CardDetails card={card} />
      </DialogContent>
    </Dialog>
  );
}

/** Game chat (spec 001 §2: 600 px; §5: trimmed, needs a live connection, Enter sends, input clears). */
export function ChatPanel({
  messages,
  disabled,
  connected,
  onSend,
  report,
  className,
  onClose,
}: {
  className?: string;
  /** Where the chat is a sheet (a phone): closes it. */
  onClose?: () => void;
  messages: ChatMessage[];
  disabled: boolean;
  connected: boolean;
  onSend: (content: string) => boolean;
  /** The room and the viewer: another member's line has a menu to report it (issue 38). */
  report?: { roomId: string; selfId: string };
}) {
  const [draft, setDraft] = useState("");
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length]);
  // A hidden list (the phone's closed sheet) cannot scroll: when it shows again, or its column changes size (Theatre),
  // the newest lines are the ones in view.
  useEffect(() => {
    const list = listRef.current;
    if (!list || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      list.scrollTop = list.scrollHeight;
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = draft.trim();
    if (!text || !connected) return;
    if (onSend(text)) setDraft("");
  }

  return (
    <Card className={cn("flex h-[480px] flex-col p-3", className)} data-testid="chat-panel">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 className="text-lg font-bold">Game Chat</h2>
        {onClose ? (
          <Button size="icon" variant="ghost" className="h-8 w-8 lg:hidden" aria-label="Close chat" onClick={onClose}>
            <X className="h-4 w-4" aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      <ol ref={listRef} className="flex-1 space-y-2 overflow-y-auto pr-1" aria-label="Chat history" aria-live="polite">
        {messages.length === 0 ? <li className="text-sm text-muted">No messages yet.</li> : null}
        {messages.map((m) => (
          <li key={m.id} className="rounded-lg bg-surface p-2 text-sm" data-testid="chat-message">
            <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
              <span className="font-semibold text-fg">{m.sender.firstName}</span>
              <time dateTime={m.timestamp}>{new Date(m.timestamp).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}</time>
              {m.type === "game_action" ? <Badge tone="outline">Game Action</Badge> : null}
              {m.type === "card" ? <Badge tone="outline">Card</Badge> : null}
              {report && m.type !== "game_action" && m.sender.id !== report.selfId && m.sender.id !== "room" ? (
                <span className="ml-auto">
                  <ItemMenu
                    target={{ kind: "chat_message", id: m.id, roomId: report.roomId }}
                    label={`More actions for ${m.sender.firstName}'s message`}
                  />
                </span>
              ) : null}
            </div>
            {m.type === "card" && m.card ? (
              <CardLine from={m.sender.firstName} card={m.card} />
            ) : (
              <p className="mt-1 break-words">{m.content}</p>
            )}
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
