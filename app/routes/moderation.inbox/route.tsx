import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData, type FetcherWithComponents } from "@remix-run/react";
import { Badge, Card } from "~/components/ui/card";
import { Button } from "~/components/ui/button";
import { FieldMessage, Label, Textarea } from "~/components/ui/field";
import { fieldError, refusalFor, type ActionResult } from "~/lib/forms";
import { rowActionState, useListFetcher } from "~/lib/list-fetcher";
import { NO_EMAIL_SERVICE_TEXT } from "../../../workers/contract/moderation-options";
import type { InboxFolder, InboxMessage } from "../../../workers/domain/moderation/contact-inbox";
import { inboxAction, loadInbox } from "./inbox.server";

export const loader = (args: LoaderFunctionArgs) => loadInbox(args);
export const action = (args: ActionFunctionArgs) => inboxAction(args);

const FOLDERS: { id: InboxFolder; label: string }[] = [
  { id: "open", label: "Open" },
  { id: "answered", label: "Answered" },
  { id: "closed", label: "Closed" },
];

/**
 * One message with its answer form. It posts through the inbox's `fetcher` (useListFetcher), which shows the toast:
 * an answered or closed message leaves its folder with the answer.
 */
function MessageCard({ message, fetcher }: { message: InboxMessage; fetcher: FetcherWithComponents<ActionResult> }) {
  const { busy } = rowActionState(fetcher, "messageId", message.id);
  const answerError = fieldError(refusalFor(fetcher.data, { messageId: message.id }), "answer");
  const headingId = `contact-${message.id}`;
  return (
    <Card className="grid gap-3" role="article" aria-labelledby={headingId} data-testid="contact-message">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="break-words font-semibold">
            {message.subject}
          </h3>
          <p className="break-words text-sm text-muted">
            {message.name} &lt;{message.email}&gt; ·{" "}
            <time dateTime={message.receivedAt}>
              {new Date(message.receivedAt).toLocaleString([], { dateStyle: "medium", timeStyle: "short" })}
            </time>
          </p>
        </div>
        <Badge tone="outline">{message.status}</Badge>
      </header>
      <p className="whitespace-pre-line break-words text-sm">{message.message}</p>
      {message.answer ? (
        <div className="rounded-lg border border-border bg-surface p-3 text-sm">
          <p className="font-medium">Answer kept{message.answeredAt ? ` (${new Date(message.answeredAt).toLocaleDateString()})` : ""}</p>
          <p className="whitespace-pre-line break-words">{message.answer}</p>
        </div>
      ) : null}
      {message.status !== "closed" ? (
        <div className="grid gap-2 border-t border-border pt-3">
          <fetcher.Form method="post" className="grid gap-2">
            <input type="hidden" name="messageId" value={message.id} />
            <Label htmlFor={`${headingId}-answer`}>Answer</Label>
            <Textarea
              id={`${headingId}-answer`}
              name="answer"
              rows={3}
              maxLength={5000}
              defaultValue={message.answer ?? ""}
              aria-invalid={answerError ? true : undefined}
              aria-describedby={answerError ? `${headingId}-answer-error` : undefined}
            />
            <FieldMessage id={`${headingId}-answer-error`}>{answerError}</FieldMessage>
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="submit" name="intent" value="close" variant="outline" formNoValidate disabled={busy}>
                Close
              </Button>
              <Button type="submit" name="intent" value="answer" disabled={busy}>
                Save answer
              </Button>
            </div>
          </fetcher.Form>
        </div>
      ) : null}
    </Card>
  );
}

/** The contact inbox (issue 38): administrators read, answer and close the contact form's messages. */
export default function ContactInbox() {
  const { messages, nextCursor, emailed, folder } = useLoaderData<typeof loader>();
  const answerer = useListFetcher();
  return (
    <section aria-labelledby="inbox-heading" className="grid gap-4">
      <h2 id="inbox-heading" className="text-xl font-semibold">
        Contact inbox
      </h2>
      {emailed ? null : (
        <p role="note" className="rounded-lg border border-amber-600/50 bg-amber-500/10 p-3 text-sm">
          {NO_EMAIL_SERVICE_TEXT}
        </p>
      )}
      <nav aria-label="Folders" className="flex gap-2">
        {FOLDERS.map((f) => (
          <Link
            key={f.id}
            to={`?folder=${f.id}`}
            aria-current={folder === f.id ? "page" : undefined}
            className={`rounded-lg px-3 py-1 text-sm ${folder === f.id ? "bg-surface font-semibold" : "text-muted"}`}
          >
            {f.label}
          </Link>
        ))}
      </nav>
      {messages.length === 0 ? (
        <Card>
          <p className="text-muted">No messages here.</p>
        </Card>
      ) : (
        messages.map((m) => <MessageCard key={m.id} message={m} fetcher={answerer} />)
      )}
      {nextCursor ? (
        <Link
          className="justify-self-center text-sm font-medium text-primary underline"
          to={`?folder=${folder}&cursor=${encodeURIComponent(nextCursor)}`}
        >
          Older messages
        </Link>
      ) : null}
    </section>
  );
}
