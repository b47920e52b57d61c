import { useFetcher } from "@remix-run/react";
import { Switch } from "radix-ui";
import { useEffect, useId } from "react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input, Label, NativeSelect } from "~/components/ui/field";
import { useResultToast, type ActionResult } from "~/lib/forms";
import {
  AVAILABILITY_OPTIONS,
  formatLabel,
  LANGUAGE_OPTIONS,
  MATCHMAKING_FORMATS,
  MATCHMAKING_GAMES,
  MAX_DISTANCE_LIMIT,
  PLAYSTYLES,
  RESET_PREFERENCES,
  type MatchmakingPreferences,
} from "../../../workers/contract/matchmaking";
import { PowerRangeSlider } from "./power-range-slider";
import { toggleGame } from "./preference-rules";

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const checkboxClasses = "h-4 w-4 accent-primary";

/**
 * Preferences tab: every control is bound to the page's preferences (the Find
 * Players tab searches with them too) and named, so Save posts them as a form
 * to the page's action; the stored preferences come back.
 */
export function PreferencesForm({ value, onChange }: { value: MatchmakingPreferences; onChange: (next: MatchmakingPreferences) => void }) {
  const id = useId();
  const fetcher = useFetcher<ActionResult<{ preferences: MatchmakingPreferences }>>();
  useResultToast(fetcher.data);
  const saved = fetcher.data?.ok ? fetcher.data.preferences : null;
  useEffect(() => {
    if (saved) onChange(saved);
    // Only a new answer of the action replaces the form's values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved]);
  const saving = fetcher.state !== "idle";
  const set = <K extends keyof MatchmakingPreferences>(key: K, v: MatchmakingPreferences[K]) => onChange({ ...value, [key]: v });

  const formats = MATCHMAKING_FORMATS.filter((f) => value.selectedGames.includes(f.game));

  return (
    <Card>
      <fetcher.Form method="post" className="grid gap-6" aria-label="Matchmaking preferences">
        <input type="hidden" name="intent" value="save-preferences" />
        <fieldset>
          <legend className="mb-2 text-sm font-medium">Games</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {MATCHMAKING_GAMES.map((game) => {
              const checked = value.selectedGames.includes(game);
              const onlyGame = checked && value.selectedGames.length === 1;
              return (
                <label key={game} className="flex min-h-8 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="selectedGames"
                    value={game}
                    className={checkboxClasses}
                    checked={checked}
                    disabled={onlyGame}
                    onChange={() => onChange(toggleGame(value, game))}
                  />
                  {/* A disabled checkbox is not submitted: the one required game still is. */}
                  {onlyGame ? <input type="hidden" name="selectedGames" value={game} /> : null}
                  {game}
                </label>
              );
            })}
          </div>
          <p className="mt-1 text-xs text-muted">Choose at least one game.</p>
        </fieldset>

        <fieldset>
          <legend className="mb-2 text-sm font-medium">Formats</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {formats.map((format) => (
              <label key={format.value} className="flex min-h-8 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="selectedFormats"
                  value={format.value}
                  className={checkboxClasses}
                  checked={value.selectedFormats.includes(format.value)}
                  onChange={(e) =>
                    set(
                      "selectedFormats",
                      e.target.checked ? [...value.selectedFormats, format.value] : value.selectedFormats.filter((f) => f !== format.value),
                    )
                  }
                />
                {formatLabel(format.value)}
              </label>
            ))}
          </div>
          <p className="mt-1 text-xs text-muted">No format selected means any format of your games.</p>
        </fieldset>

        <input type="hidden" name="powerLevelMin" value={value.powerLevelMin} />
        <input type="hidden" name="powerLevelMax" value={value.powerLevelMax} />
        <input type="hidden" name="onlineOnly" value={String(value.onlineOnly)} />
        <PowerRangeSlider
          id={`${id}-power`}
          min={value.powerLevelMin}
          max={value.powerLevelMax}
          onChange={({ min, max }) => onChange({ ...value, powerLevelMin: min, powerLevelMax: max })}
        />

        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <Label htmlFor={`${id}-playstyle`}>Playstyle</Label>
            <NativeSelect
              id={`${id}-playstyle`}
              name="playstyle"
              value={value.playstyle}
              onChange={(e) => set("playstyle", PLAYSTYLES.find((p) => p === e.target.value) ?? "any")}
            >
              {PLAYSTYLES.map((p) => (
                <option key={p} value={p}>
                  {p === "any" ? "Any playstyle" : capitalize(p)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div>
            <Label htmlFor={`${id}-location`}>Location</Label>
            <Input
              id={`${id}-location`}
              name="location"
              value={value.location}
              maxLength={100}
              placeholder="City, Country"
              autoComplete="address-level2"
              onChange={(e) => set("location", e.target.value)}
            />
          </div>
          <div>
            <Label htmlFor={`${id}-availability`}>Availability</Label>
            <NativeSelect
              id={`${id}-availability`}
              name="availability"
              value={value.availability}
              onChange={(e) => set("availability", AVAILABILITY_OPTIONS.find((a) => a.value === e.target.value)?.value ?? "any")}
            >
              {AVAILABILITY_OPTIONS.map((a) => (
                <option key={a.value} value={a.value}>
                  {a.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div>
            <Label htmlFor={`${id}-language`}>Language</Label>
            <NativeSelect
              id={`${id}-language`}
              name="language"
              value={value.language}
              onChange={(e) => set("language", LANGUAGE_OPTIONS.find((l) => l.value === e.target.value)?.value ?? "english")}
            >
              {LANGUAGE_OPTIONS.map((l) => (
                <option key={l.value} value={l.value}>
                  {l.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div>
            <Label htmlFor={`${id}-distance`}>Maximum distance (km)</Label>
            <Input
              id={`${id}-distance`}
              name="maxDistance"
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_DISTANCE_LIMIT}
              step={1}
              value={value.maxDistance}
              onChange={(e) => {
                const n = Math.round(Number(e.target.value));
                set("maxDistance", Number.isFinite(n) ? Math.min(MAX_DISTANCE_LIMIT, Math.max(0, n)) : 0);
              }}
            />
          </div>
          <div className="flex items-end">
            <div className="flex min-h-10 items-center gap-3">
              <Switch.Root
                id={`${id}-online`}
                checked={value.onlineOnly}
                onCheckedChange={(checked) => set("onlineOnly", checked)}
                className="relative h-6 w-11 shrink-0 rounded-full border border-border bg-surface transition data-[state=checked]:bg-primary"
              >
                <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-fg shadow transition data-[state=checked]:translate-x-5" />
              </Switch.Root>
              <label htmlFor={`${id}-online`} className="text-sm font-medium">
                Online only
              </label>
            </div>
          </div>
        </div>

        <input type="hidden" name="notifyOpenRooms" value={String(value.notifyOpenRooms)} />
        <div className="flex min-h-10 items-center gap-3">
          <Switch.Root
            id={`${id}-notify-open-rooms`}
            checked={value.notifyOpenRooms}
            onCheckedChange={(checked) => set("notifyOpenRooms", checked)}
            className="relative h-6 w-11 shrink-0 rounded-full border border-border bg-surface transition data-[state=checked]:bg-primary"
          >
            <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-fg shadow transition data-[state=checked]:translate-x-5" />
          </Switch.Root>
          <label htmlFor={`${id}-notify-open-rooms`} className="text-sm font-medium">
            Tell me when someone opens a room for my formats
          </label>
        </div>

        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : "Save Preferences"}
          </Button>
          <Button type="button" variant="outline" onClick={() => onChange(RESET_PREFERENCES)} disabled={saving}>
            Reset
          </Button>
        </div>
      </fetcher.Form>
    </Card>
  );
}
