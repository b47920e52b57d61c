import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FieldMessage, Input, Label, NativeSelect, Textarea } from "~/components/ui/field";
import { useCommunity } from "~/hooks/use-community";
import { toast } from "~/hooks/use-toast";
import { fieldError, submittedValue, type ActionResult } from "~/lib/forms";
import { useRootData } from "~/lib/root-data";
import { DEFAULT_MAX_PLAYERS, MAX_PLAYER_OPTIONS, POWER_LEVELS, ROOM_FORMATS } from "../../../workers/contract/game-session-options";
import { BRACKETS, bracketLabel, bracketOfPowerLevel, isCommanderFormat } from "../../../workers/contract/brackets";
import type { CreateRoomDefaults } from "../../../workers/contract/game-sessions";
import { ROOM_TOASTS } from "./room-toasts";
import { useHydrated } from "./use-hydrated";

/**
 * Create Room tab (spec 001 §2, validation §5 with its toasts verbatim). It
 * posts to the lobby's action, which creates the room and goes to it. With
 * JavaScript the realm is the header's selection (the inputs wait for one);
 * without, the form has its own realm field, set to the realm cookie.
 * "Find me a seat" that found none opens it with the member's usual room
 * (workers/domain/rooms/usual-room.ts): format, power, size and realm, the realm
 * selected in the header when none was. Every Create Room offers to tell the
 * members waiting for a room like it (ticked on that path).
 */
export function CreateRoomForm({
  defaults = { announce: false },
  announceLimit,
}: {
  defaults?: CreateRoomDefaults;
  /** "3 rooms an hour": how many rooms a host may announce (RATE_LIMITS.openRoomAlert). */
  announceLimit?: string;
}) {
  const result = useActionData<ActionResult>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const user = useRootData()?.user ?? null;
  const { communities, selectedCommunity, selectedCommunityId, setSelectedCommunity } = useCommunity();
  // Sent here by "Find me a seat" with All Realms selected: its realm (the member's own) becomes the selection, once.
  const suggestedRealm = communities.some((c) => c.id === defaults.communityId) ? (defaults.communityId ?? null) : null;
  const realmOffered = useRef(false);
  useEffect(() => {
    if (!hydrated || realmOffered.current || !suggestedRealm) return;
    realmOffered.current = true;
    if (!selectedCommunityId) setSelectedCommunity(suggestedRealm);
  }, [hydrated, suggestedRealm, selectedCommunityId, setSelectedCommunity]);
  const sent = (field: string) => submittedValue(result, field);
  // A refused Create Room comes back with what it sent (an unticked box sends nothing).
  const sentForm = result && !result.ok ? result.values : undefined;
  const [name, setName] = useState(sent("gameData.name") ?? "");
  const [format, setFormat] = useState(sent("gameData.format") ?? defaults.format ?? "");
  const [powerLevel, setPowerLevel] = useState(sent("gameData.powerLevel") ?? defaults.powerLevel ?? "");
  const [bracket, setBracket] = useState(
    sent("gameData.bracket") ?? String(defaults.bracket ?? bracketOfPowerLevel(defaults.powerLevel) ?? ""),
  );
  const [maxPlayers, setMaxPlayers] = useState(sent("maxPlayers") ?? String(defaults.maxPlayers ?? DEFAULT_MAX_PLAYERS));
  const [description, setDescription] = useState(sent("gameData.description") ?? "");
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "create";
  // Before JavaScript runs, the form must work as it is; afterwards it follows the spec's rules.
  const noCommunity = hydrated && !selectedCommunity;

  function check(event: FormEvent<HTMLFormElement>) {
    const refuse = (message: Parameters<typeof toast>[0]) => {
      event.preventDefault();
      toast(message);
    };
    if (!name.trim()) return refuse(ROOM_TOASTS.nameRequired);
    if (!format) return refuse(ROOM_TOASTS.formatRequired);
    if (!user) return refuse(ROOM_TOASTS.createNeedsLogin);
    if (!selectedCommunity) return refuse(ROOM_TOASTS.communityRequired);
  }

  const field = (id: string, name: string) => {
    const error = fieldError(result, name);
    return {
      id,
      name,
      disabled: noCommunity,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `${id}-error` : undefined,
    };
  };

  return (
    <Card>
      {!hydrated ? null : noCommunity ? (
        <p role="status" className="mb-4 rounded-lg border border-border bg-surface p-3 text-sm" data-testid="community-banner">
          Please select a community from the realm selector in the header to create a game room.
        </p>
      ) : (
        <p className="mb-4 text-sm text-muted">Creating a room in {selectedCommunity?.displayName}.</p>
      )}
      <Form method="post" onSubmit={check} noValidate className="grid gap-4 md:grid-cols-2" aria-label="Create room">
        <input type="hidden" name="intent" value="create" />
        {hydrated ? (
          <input type="hidden" name="communityId" value={selectedCommunity?.id ?? ""} />
        ) : (
          <div className="md:col-span-2">
            <Label htmlFor="room-realm">Realm</Label>
            <NativeSelect
              {...field("room-realm", "communityId")}
              defaultValue={sent("communityId") ?? selectedCommunityId ?? suggestedRealm ?? ""}
            >
              <option value="">Select a realm</option>
              {communities.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.displayName}
                </option>
              ))}
            </NativeSelect>
            <FieldMessage id="room-realm-error">{fieldError(result, "communityId")}</FieldMessage>
          </div>
        )}
        <div className="md:col-span-2">
          <Label htmlFor="room-name">Room name</Label>
          <Input
            {...field("room-name", "gameData.name")}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
            placeholder="Friday night Commander"
          />
          <FieldMessage id="room-name-error">{fieldError(result, "gameData.name")}</FieldMessage>
        </div>
        <div>
          <Label htmlFor="room-format">Format</Label>
          <NativeSelect {...field("room-format", "gameData.format")} value={format} onChange={(e) => setFormat(e.target.value)}>
            <option value="">Select format</option>
            {ROOM_FORMATS.map((f) => (
              <option key={f.id} value={f.id}>
                {f.label} ({f.players} players)
              </option>
            ))}
          </NativeSelect>
          <FieldMessage id="room-format-error">{fieldError(result, "gameData.format")}</FieldMessage>
        </div>
        {/* Commander measures power in brackets (workers/contract/brackets.ts). Before JavaScript runs the format
            cannot switch the field, so both are offered and the server checks that they agree. */}
        {isCommanderFormat(format) || !hydrated ? (
          <div>
            <Label htmlFor="room-bracket">{hydrated ? "Bracket" : "Bracket (Commander)"}</Label>
            <NativeSelect {...field("room-bracket", "gameData.bracket")} value={bracket} onChange={(e) => setBracket(e.target.value)}>
              <option value="">Any</option>
              {BRACKETS.map((b) => (
                <option key={b.id} value={b.id}>
                  {bracketLabel(b.id)}
                </option>
              ))}
            </NativeSelect>
            <FieldMessage id="room-bracket-error">{fieldError(result, "gameData.bracket")}</FieldMessage>
          </div>
        ) : null}
        {isCommanderFormat(format) && hydrated ? null : (
          <div>
            <Label htmlFor="room-power">Power level</Label>
            <NativeSelect
              {...field("room-power", "gameData.powerLevel")}
              value={powerLevel}
              onChange={(e) => setPowerLevel(e.target.value)}
            >
              <option value="">Any</option>
              {POWER_LEVELS.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </NativeSelect>
            <FieldMessage id="room-power-error">{fieldError(result, "gameData.powerLevel")}</FieldMessage>
          </div>
        )}
        <div>
          <Label htmlFor="room-max">Max players</Label>
          <NativeSelect {...field("room-max", "maxPlayers")} value={maxPlayers} onChange={(e) => setMaxPlayers(e.target.value)}>
            {MAX_PLAYER_OPTIONS.map((n) => (
              <option key={n} value={n}>
                {n} players
              </option>
            ))}
          </NativeSelect>
          <FieldMessage id="room-max-error">{fieldError(result, "maxPlayers")}</FieldMessage>
        </div>
        <div className="md:col-span-2">
          <Label htmlFor="room-description">Description (optional)</Label>
          <Textarea
            {...field("room-description", "gameData.description")}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={500}
          />
          <FieldMessage id="room-description-error">{fieldError(result, "gameData.description")}</FieldMessage>
        </div>
        {/* Every Create Room may announce its room; ticked when "Find me a seat" found none (issue 25, issue 37). */}
        <div className="md:col-span-2">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="announce"
              defaultChecked={sentForm ? sentForm.announce === "on" : defaults.announce}
              className="h-4 w-4 accent-primary"
              disabled={noCommunity}
              aria-describedby="room-announce-help"
            />
            Tell members who are waiting for a room like this
          </label>
          <p id="room-announce-help" className="mt-1 pl-6 text-xs text-muted">
            Members who asked to hear of rooms for their formats and power get one notification
            {announceLimit ? `; you can announce ${announceLimit}` : ""}.
          </p>
        </div>
        <div className="md:col-span-2">
          <Button
            type="submit"
            size="lg"
            className="w-full"
            disabled={hydrated && (pending || !name.trim() || !format || !user || noCommunity)}
          >
            Create Game Room
          </Button>
        </div>
      </Form>
    </Card>
  );
}
