import { env } from "cloudflare:workers";
import { getDb } from "../workers/db/client";
import { putPrintings } from "../workers/domain/cards/card-printings";

/** A printing whose pictures are at `origin` (its id unknown to the fake card service), stored as a deck's would be. */
export async function printingAt(origin: string): Promise<string> {
  const id = crypto.randomUUID();
  const picture = (size: string) => `${origin}/images/${size}/front/${id[0]}/${id[1]}/${id}.jpg`;
  await putPrintings(
    getDb(env.DB),
    [
      {
        id,
        name: `Nowhere ${id.slice(0, 6)}`,
        manaCost: "",
        typeLine: "Artifact",
        oracleText: "",
        colors: [],
        imageUrl: picture("normal"),
        artUrl: picture("art_crop"),
        smallImageUrl: picture("small"),
        scryfallUri: "",
        set: "tst",
        collectorNumber: "1",
      },
    ],
    Date.now(),
  );
  return id;
}
