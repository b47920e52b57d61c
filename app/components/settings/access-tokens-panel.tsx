import { useFetcher, type FetcherWithComponents } from "@remix-run/react";
import { KeyRound, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import {
  MAX_TOKENS_PER_MEMBER,
  TOKEN_EXPIRY_DAYS,
  TOKEN_SCOPE_LABELS,
  TOKEN_SCOPES,
  createAccessTokenBody,
  type AccessTokenView,
  type TokenScope,
} from "../../../workers/contract/access-tokens";
import { Button } from "~/components/ui/button";
import { Badge } from "~/components/ui/card";
import { FieldMessage, Input, Label, NativeSelect } from "~/components/ui/field";
import { fieldError, useResultToast } from "~/lib/forms";
import { rowActionState, useListFetcher } from "~/lib/list-fetcher";
import type { SettingsResult } from "./settings-results";
import { REVOKE_CONFIRMATION } from "./settings-toasts";
import { ShownOnceSecret } from "./shown-once-secret";
import { TokenWebhook } from "./token-webhook";

const EXPIRY_LABELS = { none: "Never", 30: "In 30 days", 90: "In 90 days", 365: "In a year" } as const;
const when = (iso: string | null, never: string) => (iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: "medium" }) : never);

/**
 * API tokens tab (issue 27): create a token with scopes and an expiry, see it
 * once with a copy button, list and revoke tokens. Saves through the /settings
 * action, like the rest of the dialog; the list comes with the dialog's data.
 */
export function AccessTokensPanel({ tokens }: { tokens: AccessTokenView[] }) {
  const creator = useFetcher<SettingsResult>();
  useResultToast(creator.data);
  // Revoke takes its row away with the answer: the list shows the toast (useListFetcher).
  const revoker = useListFetcher<SettingsResult>();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<TokenScope[]>(["rooms:read"]);
  const [expiry, setExpiry] = useState<keyof typeof EXPIRY_LABELS>(90);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [shown, setShown] = useState<string | null>(null);
  const creating = creator.state !== "idle";

  // The secret lives only in this answer: shown until dismissed, never fetched again.
  const created = creator.data?.ok && creator.data.intent === "createToken" ? creator.data.token : null;
  useEffect(() => {
    if (!created) return;
    setShown(created.token);
    setName("");
  }, [created]);

  const toggle = (scope: TokenScope, on: boolean) =>
    setScopes((current) => (on ? TOKEN_SCOPES.filter((s) => s === scope || current.includes(s)) : current.filter((s) => s !== scope)));

  const create = () => {
    const token = { name, scopes, expiresInDays: expiry === "none" ? null : expiry };
    const checked = createAccessTokenBody.safeParse(token);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0] ?? ""), issue.message])));
      return;
    }
    setErrors({});
    creator.submit({ intent: "createToken", token }, { method: "post", action: "/settings", encType: "application/json" });
  };

  const nameError = errors.name ?? fieldError(creator.data, "token.name");
  const scopesError = errors.scopes ?? fieldError(creator.data, "token.scopes");
  const full = tokens.length >= MAX_TOKENS_PER_MEMBER;

  return (
    <div className="grid gap-6">
      <p className="text-sm text-muted">
        A token lets a bot or script use the Realmcast API as you, within the scopes you choose. See the help centre&apos;s &quot;Build a
        bot&quot; guide.
      </p>
      {shown ? <NewToken token={shown} onDone={() => setShown(null)} /> : null}
      <section aria-labelledby="new-token-heading" className="grid gap-3">
        <h3 id="new-token-heading" className="font-semibold">
          New token
        </h3>
        <div>
          <Label htmlFor="token-name">Name</Label>
          <Input
            id="token-name"
            value={name}
            maxLength={60}
            placeholder="Lobby bot"
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? "token-name-error" : undefined}
            onChange={(e) => setName(e.target.value)}
          />
          <FieldMessage id="token-name-error">{nameError}</FieldMessage>
        </div>
        <fieldset aria-describedby={scopesError ? "token-scopes-error" : undefined}>
          <legend className="text-sm font-medium">Scopes</legend>
          <div className="mt-1 grid gap-2 sm:grid-cols-2">
            {TOKEN_SCOPES.map((scope) => (
              <div key={scope} className="flex items-start gap-2 text-sm">
                <input
                  id={`token-scope-${scope}`}
                  type="checkbox"
                  className="mt-0.5 h-4 w-4 shrink-0 accent-primary"
                  aria-describedby={`token-scope-${scope}-help`}
                  checked={scopes.includes(scope)}
                  onChange={(e) => toggle(scope, e.target.checked)}
                />
                <div>
                  <label htmlFor={`token-scope-${scope}`} className="font-mono text-xs">
                    {scope}
                  </label>
                  <p id={`token-scope-${scope}-help`} className="text-xs text-muted">
                    {TOKEN_SCOPE_LABELS[scope]}
                  </p>
                </div>
              </div>
            ))}
          </div>
          <FieldMessage id="token-scopes-error">{scopesError}</FieldMessage>
        </fieldset>
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-[10rem]">
            <Label htmlFor="token-expiry">Expires</Label>
            <NativeSelect
              id="token-expiry"
              value={String(expiry)}
              onChange={(e) => setExpiry(e.target.value === "none" ? "none" : (Number(e.target.value) as 30 | 90 | 365))}
            >
              {TOKEN_EXPIRY_DAYS.map((days) => (
                <option key={days ?? "none"} value={days ?? "none"}>
                  {EXPIRY_LABELS[days ?? "none"]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button onClick={create} disabled={creating || full}>
            <KeyRound className="h-4 w-4" aria-hidden="true" /> {creating ? "Creating..." : "Create Token"}
          </Button>
        </div>
        {full ? (
          <p className="text-sm text-muted">You have {MAX_TOKENS_PER_MEMBER} tokens, the most allowed. Revoke one to create another.</p>
        ) : null}
      </section>
      <section aria-labelledby="tokens-heading" className="grid gap-2">
        <h3 id="tokens-heading" className="font-semibold">
          Your tokens
        </h3>
        {tokens.length === 0 ? (
          <p className="text-sm text-muted">No tokens yet.</p>
        ) : (
          <ul className="grid gap-2">
            {tokens.map((token) => (
              <TokenRow key={token.id} token={token} revoker={revoker} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function NewToken({ token, onDone }: { token: string; onDone: () => void }) {
  return (
    <section aria-labelledby="token-once-heading" className="rounded-xl border border-primary/60 p-4">
      <h3 id="token-once-heading" className="font-semibold">
        Your new token
      </h3>
      <p className="mt-1 text-sm text-muted">Copy it now and keep it secret: it is not shown again.</p>
      <ShownOnceSecret label="New token" value={token} onDone={onDone} className="mt-3" />
    </section>
  );
}

function TokenRow({ token, revoker }: { token: AccessTokenView; revoker: FetcherWithComponents<SettingsResult> }) {
  const { sending, busy } = rowActionState(revoker, "id", token.id);
  const expired = token.expiresAt !== null && Date.parse(token.expiresAt) <= Date.now();
  const revoke = () => {
    if (!window.confirm(REVOKE_CONFIRMATION)) return;
    revoker.submit({ intent: "revokeToken", id: token.id }, { method: "post", action: "/settings", encType: "application/json" });
  };
  return (
    <li className="grid gap-2 rounded-xl border border-border p-3 sm:grid-cols-[1fr_auto] sm:items-start" data-testid="access-token">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="break-words font-medium">{token.name}</span>
          <code className="font-mono text-xs text-muted">{token.prefix}…</code>
          {expired ? <Badge tone="outline">Expired</Badge> : null}
        </p>
        <p className="mt-1 flex flex-wrap gap-1">
          {token.scopes.map((scope) => (
            <Badge key={scope} tone="outline">
              {scope}
            </Badge>
          ))}
        </p>
        <p className="mt-1 text-xs text-muted">
          Created {when(token.createdAt, "")} · Last used {when(token.lastUsedAt, "never")} · Expires {when(token.expiresAt, "never")}
        </p>
      </div>
      <Button variant="outline" onClick={revoke} disabled={busy} aria-label={`Revoke ${token.name}`}>
        <Trash2 className="h-4 w-4" aria-hidden="true" /> {sending ? "Revoking..." : "Revoke"}
      </Button>
      <div className="sm:col-span-2">
        <TokenWebhook token={token} />
      </div>
    </li>
  );
}
