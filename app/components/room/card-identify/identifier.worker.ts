// The card identifier's Web Worker (issue 36): card-vision's `identify` runs here, off the page's main thread, so a
// click never freezes the room (its video, chat and dice keep going) and the engine's compiling of the code, the
// whole-pool index's decoding and its quick-search tables all happen here, before the first click, when the page
// asks (identifier-client.ts). It fetches nothing: the page hands it the table's references and the pool's file.
// The work itself is identifier-core.ts.
import { answer } from "./identifier-core";
import type { IdentifierAnswer } from "./identifier-protocol";

/** The worker's side of the channel (typed here: the project's TypeScript settings are the page's). */
const scope = self as unknown as {
  postMessage(message: IdentifierAnswer): void;
  addEventListener(type: "message", listener: (event: MessageEvent<unknown>) => void): void;
};

/** Now on the epoch clock, which the page shares (performance.now's origin differs between a page and its worker). */
const epochNow = () => performance.timeOrigin + performance.now();

scope.addEventListener("message", (event) => {
  const received = epochNow();
  const reply = answer(event.data);
  scope.postMessage(reply.kind === "identified" ? { ...reply, at: { received, sent: epochNow() } } : reply);
});
