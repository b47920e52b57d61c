import { Form, Link } from "@remix-run/react";
import { Search } from "lucide-react";
import { Button, buttonClasses } from "~/components/ui/button";
import { FieldMessage, Input, Label, NativeSelect } from "~/components/ui/field";
import type { LobbyFilters } from "../../../workers/contract/game-sessions";
import { BRACKETS } from "../../../workers/contract/brackets";
import { POWER_LEVELS, ROOM_FORMATS } from "../../../workers/contract/game-session-options";

export type LobbyFilterErrors = Partial<Record<keyof LobbyFilters, string>>;

export const hasFilters = (filters: LobbyFilters) => Boolean(filters.q || filters.format || filters.powerLevel || filters.bracket);

/**
 * The lobby's filters: a GET form, so the URL carries them (links and the back
 * button keep them) and it works without JavaScript. Applying a filter starts
 * again from the first page (no cursor is sent).
 */
export function LobbyFilterForm({ filters, errors }: { filters: LobbyFilters; errors: LobbyFilterErrors }) {
  return (
    <Form
      method="get"
      action="/tablesync"
      role="search"
      aria-label="Filter rooms"
      // New defaults whenever the URL's filters change (back button, Clear).
      key={`${filters.q ?? ""}|${filters.format ?? ""}|${filters.powerLevel ?? ""}|${filters.bracket ?? ""}`}
      className="grid gap-3 rounded-xl border border-border bg-surface p-4 sm:grid-cols-3 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto]"
    >
      <div className="sm:col-span-3 lg:col-span-1">
        <Label htmlFor="lobby-q">Search rooms or hosts</Label>
        <Input
          id="lobby-q"
          name="q"
          type="search"
          maxLength={100}
          placeholder="Room or host name"
          defaultValue={filters.q ?? ""}
          aria-describedby={errors.q ? "lobby-q-error" : undefined}
        />
        <FieldMessage id="lobby-q-error">{errors.q}</FieldMessage>
      </div>
      <div>
        <Label htmlFor="lobby-format">Format</Label>
        <NativeSelect
          id="lobby-format"
          name="format"
          defaultValue={filters.format ?? ""}
          aria-describedby={errors.format ? "lobby-format-error" : undefined}
        >
          <option value="">Any format</option>
          {ROOM_FORMATS.map((f) => (
            <option key={f.id} value={f.id}>
              {f.label}
            </option>
          ))}
        </NativeSelect>
        <FieldMessage id="lobby-format-error">{errors.format}</FieldMessage>
      </div>
      <div>
        <Label htmlFor="lobby-power">Power level</Label>
        <NativeSelect
          id="lobby-power"
          name="powerLevel"
          defaultValue={filters.powerLevel ?? ""}
          aria-describedby={errors.powerLevel ? "lobby-power-error" : undefined}
        >
          <option value="">Any power level</option>
          {POWER_LEVELS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </NativeSelect>
        <FieldMessage id="lobby-power-error">{errors.powerLevel}</FieldMessage>
      </div>
      <div>
        {/* Commander rooms' power scale (workers/contract/brackets.ts); other formats' rooms have none. */}
        <Label htmlFor="lobby-bracket">Commander bracket</Label>
        <NativeSelect
          id="lobby-bracket"
          name="bracket"
          defaultValue={filters.bracket ?? ""}
          aria-describedby={errors.bracket ? "lobby-bracket-error" : undefined}
        >
          <option value="">Any bracket</option>
          {BRACKETS.map((b) => (
            // The label says "Commander bracket", so the option keeps to the number and name and fits the column.
            <option key={b.id} value={b.id}>
              {b.id} · {b.name}
            </option>
          ))}
        </NativeSelect>
        <FieldMessage id="lobby-bracket-error">{errors.bracket}</FieldMessage>
      </div>
      <div className="flex items-end gap-2 sm:col-span-3 lg:col-span-1">
        <Button type="submit" className="flex-1 lg:flex-none">
          <Search className="h-4 w-4" aria-hidden="true" /> Apply filters
        </Button>
        {hasFilters(filters) ? (
          <Link to="/tablesync" className={buttonClasses("outline", "md")}>
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
