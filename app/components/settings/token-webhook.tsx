import { useFetcher } from "@remix-run/react";
import { RefreshCw, Webhook } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import type { AccessTokenView } from "../../../workers/contract/access-tokens";
import type { WebhookDeliveryView } from "../../../workers/contract/webhooks";
import { Button } from "~/components/ui/button";
import { Badge } from "~/components/ui/card";
import { FieldMessage, Input, Label } from "~/components/ui/field";
import { api, apiErrorMessage, unwrap } from "~/lib/api-client";
import { fieldError, useResultToast } from "~/lib/forms";
import type { SettingsResult } from "./settings-results";
import { REMOVE_WEBHOOK_CONFIRMATION } from "./settings-toasts";
import { ShownOnceSecret } from "./shown-once-secret";
import { useAnswerEffect } from "~/lib/answer-effect";

const STATUS_TONE = { delivered: "success", failed: "destructive", pending: "secondary" } as const;
const time = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/**
 * One token's webhook in the API tokens tab (issue 27): set or change its URL (the signing secret is shown once),
 * remove it, and see its recent deliveries with their outcome. Writes go through the /settings action like the
 * rest of the dialog; the deliveries are read from the API when asked for, since they change while the tab is open.
 */
export function TokenWebhook({ token }: { token: AccessTokenView }) {
  const saver = useFetcher<SettingsResult>();
  const remover = useFetcher<SettingsResult>();
  useResultToast(saver.data);
  useResultToast(remover.data);
  const [url, setUrl] = useState(token.webhookUrl ?? "");
  const [secret, setSecret] = useState<string | null>(null);
  useAnswerEffect(saver.data, (answer) => {
    if (answer.ok && answer.intent === "setWebhook") setSecret(answer.webhook.secret);
  });
  const urlError = fieldError(saver.data, "webhook.url") ?? fieldError(saver.data, "url");
  const inputId = `webhook-url-${token.id}`;

  const save = () =>
    saver.submit(
      { intent: "setWebhook", id: token.id, webhook: { url } },
      { method: "post", action: "/settings", encType: "application/json" },
    );
  const remove = () => {
    if (!window.confirm(REMOVE_WEBHOOK_CONFIRMATION)) return;
    setSecret(null);
    remover.submit({ intent: "clearWebhook", id: token.id }, { method: "post", action: "/settings", encType: "application/json" });
  };

  return (
    <div className="grid gap-2 border-t border-border pt-2" data-testid="token-webhook">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Webhook className="h-4 w-4 shrink-0" aria-hidden="true" />
        {token.webhookUrl ? (
          <>
            <span>Webhook:</span> <code className="min-w-0 break-all font-mono text-xs">{token.webhookUrl}</code>
          </>
        ) : (
          <span className="text-muted">No webhook: rooms created with this token report nothing.</span>
        )}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 basis-56">
          <Label htmlFor={inputId}>Webhook URL</Label>
          <Input
            id={inputId}
            type="url"
            inputMode="url"
            value={url}
            maxLength={500}
            placeholder="https://bot.example.com/realmcast"
            aria-invalid={urlError ? true : undefined}
            aria-describedby={urlError ? `${inputId}-error` : undefined}
            onChange={(e) => setUrl(e.target.value)}
          />
        </div>
        <Button variant="outline" onClick={save} disabled={saver.state !== "idle" || url.trim() === ""}>
          {saver.state !== "idle" ? "Saving..." : token.webhookUrl ? "Change Webhook" : "Set Webhook"}
        </Button>
        {token.webhookUrl ? (
          <Button variant="ghost" onClick={remove} disabled={remover.state !== "idle"}>
            Remove Webhook
          </Button>
        ) : null}
      </div>
      <FieldMessage id={`${inputId}-error`}>{urlError}</FieldMessage>
      {secret ? <WebhookSecret secret={secret} onDone={() => setSecret(null)} /> : null}
      {token.webhookUrl ? <Deliveries tokenId={token.id} tokenName={token.name} /> : null}
    </div>
  );
}

function WebhookSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <div className="rounded-xl border border-primary/60 p-3">
      <p className="text-sm">Signing secret: copy it now, it is not shown again. Your bot checks each delivery&apos;s signature with it.</p>
      <ShownOnceSecret label="Webhook signing secret" value={secret} onDone={onDone} className="mt-2" />
    </div>
  );
}

/** The token's recent deliveries, read when opened and again with Refresh. */
function Deliveries({ tokenId, tokenName }: { tokenId: string; tokenName: string }) {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<{ loading: boolean; error: string | null; items: WebhookDeliveryView[] | null }>({
    loading: false,
    error: null,
    items: null,
  });
  const load = useCallback(async () => {
    setState((s) => ({ ...s, loading: true, error: null }));
    try {
      const items = await unwrap(api.tokens[":id"].webhook.deliveries.$get({ param: { id: tokenId } }));
      setState({ loading: false, error: null, items });
    } catch (error) {
      setState((s) => ({ ...s, loading: false, error: apiErrorMessage(error, "Could not load the deliveries") }));
    }
  }, [tokenId]);
  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  const headingId = `deliveries-${tokenId}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <h4 id={headingId} className="text-sm font-medium">
          Recent deliveries
        </h4>
        <Button variant="ghost" size="sm" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? "Hide" : "Show"}
        </Button>
        {open ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void load()}
            disabled={state.loading}
            aria-label={`Refresh deliveries of ${tokenName}`}
          >
            <RefreshCw className="h-4 w-4" aria-hidden="true" /> {state.loading ? "Loading..." : "Refresh"}
          </Button>
        ) : null}
      </div>
      {open ? (
        <div aria-live="polite">
          {state.error ? <p className="text-sm text-destructive">{state.error}</p> : null}
          {state.items && state.items.length === 0 ? <p className="text-sm text-muted">No deliveries yet.</p> : null}
          {state.items && state.items.length > 0 ? (
            <ul className="grid gap-1">
              {state.items.map((d) => (
                <li
                  key={d.id}
                  className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border border-border px-2 py-1 text-xs"
                  data-testid="webhook-delivery"
                >
                  <code className="font-mono">{d.event}</code>
                  <Badge tone={STATUS_TONE[d.status]}>{d.status}</Badge>
                  <span>
                    {d.attempts} {d.attempts === 1 ? "attempt" : "attempts"}
                  </span>
                  <span>{d.lastStatusCode === null ? "no HTTP answer" : `HTTP ${d.lastStatusCode}`}</span>
                  <span className="text-muted">{time(d.updatedAt)}</span>
                  {d.lastError ? <span className="basis-full text-muted">{d.lastError}</span> : null}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
