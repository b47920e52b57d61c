import { useState, type FormEvent } from "react";
import { useNavigate } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input, Label, NativeSelect, Textarea } from "~/components/ui/field";
import { useCommunity } from "~/hooks/use-community";
import { toast } from "~/hooks/use-toast";
import { useRootData } from "~/root";
import {
  DEFAULT_MAX_PLAYERS,
  MAX_PLAYER_OPTIONS,
  POWER_LEVELS,
  ROOM_FORMATS,
  formatLabel,
} from "../../../workers/contract/game-session-options";
import { createRoom } from "./room-api";

/** Create Room tab (spec 001 §2, validation §5 with its toasts verbatim). */
export function CreateRoomForm() {
  const navigate = useNavigate();
  const user = useRootData()?.user ?? null;
  const { selectedCommunity } = useCommunity();
  const [name, setName] = useState("");
  const [format, setFormat] = useState("");
  const [powerLevel, setPowerLevel] = useState("");
  const [maxPlayers, setMaxPlayers] = useState(String(DEFAULT_MAX_PLAYERS));
  const [description, setDescription] = useState("");
  const [pending, setPending] = useState(false);
  const noCommunity = !selectedCommunity;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim())
      return toast({ title: "Room name required", description: "Please enter a name for your game room.", variant: "destructive" });
    if (!format)
      return toast({ title: "Format required", description: "Please select a game format for your room.", variant: "destructive" });
    if (!user)
      return toast({ title: "Authentication required", description: "Please log in to create a game room.", variant: "destructive" });
    if (!selectedCommunity) {
      return toast({
        title: "Community required",
        description: "Please select a specific community to create a game room.",
        variant: "destructive",
      });
    }
    setPending(true);
    try {
      const session = await createRoom({
        maxPlayers: Number(maxPlayers),
        communityId: selectedCommunity.id,
        gameData: { name: name.trim(), format, powerLevel: powerLevel || null, description: description.trim() || null },
      });
      toast({
        title: "Room created successfully!",
        description: `Your ${formatLabel(format)} room "${name.trim()}" is now live. Redirecting to game room...`,
      });
      navigate(`/tablesync/room/${session.id}`);
    } catch {
      toast({ title: "Failed to create room", description: "Please try again later.", variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  return (
    <Card>
      {noCommunity ? (
        <p role="status" className="mb-4 rounded-lg border border-border bg-surface p-3 text-sm" data-testid="community-banner">
          Please select a community from the realm selector in the header to create a game room.
        </p>
      ) : (
        <p className="mb-4 text-sm text-muted">Creating a room in {selectedCommunity.displayName}.</p>
      )}
      <form onSubmit={submit} className="grid gap-4 md:grid-cols-2" aria-label="Create room">
        <div className="md:col-span-2">
          <Label htmlFor="room-name">Room name</Label>
          <Input
            id="room-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
            disabled={noCommunity}
            placeholder="Friday night Commander"
          />
        </div>
        <div>
          <Label htmlFor="room-format">Format</Label>
          <NativeSelect id="room-format" value={format} onChange={(e) => setFormat(e.target.value)} disabled={noCommunity}>
            <option value="">Select format</option>
            {ROOM_FORMATS.map((f) => (
              <option key={f.id} value={f.id}>
                {f.label} ({f.players} players)
              </option>
            ))}
          </NativeSelect>
        </div>
        <div>
          <Label htmlFor="room-power">Power level</Label>
          <NativeSelect id="room-power" value={powerLevel} onChange={(e) => setPowerLevel(e.target.value)} disabled={noCommunity}>
            <option value="">Any</option>
            {POWER_LEVELS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div>
          <Label htmlFor="room-max">Max players</Label>
          <NativeSelect id="room-max" value={maxPlayers} onChange={(e) => setMaxPlayers(e.target.value)} disabled={noCommunity}>
            {MAX_PLAYER_OPTIONS.map((n) => (
              <option key={n} value={n}>
                {n} players
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="md:col-span-2">
          <Label htmlFor="room-description">Description (optional)</Label>
          <Textarea
            id="room-description"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={500}
            disabled={noCommunity}
          />
        </div>
        <div className="md:col-span-2">
          <Button type="submit" size="lg" className="w-full" disabled={pending || !name.trim() || !format || !user || noCommunity}>
            Create Game Room
          </Button>
        </div>
      </form>
    </Card>
  );
}
