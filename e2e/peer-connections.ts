// The page's WebRTC peer connections as the browser holds them, for tests that read what the page's own code set
// up (its senders' parameters, what its receivers decode).
import type { Page } from "@playwright/test";

/** An init script: records every peer connection the page makes in `window.__pcs`. */
export function recordPeerConnections() {
  const made: RTCPeerConnection[] = ((window as unknown as { __pcs: RTCPeerConnection[] }).__pcs = []);
  const Native = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Native {
    constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
      super(...args);
      made.push(this);
    }
  };
}

/** What the page's connected receivers have decoded of video so far: frames and the sum of their quantizers. */
export function videoDecoded(page: Page): Promise<{ frames: number; qpSum: number }> {
  return page.evaluate(async () => {
    const pcs = (window as unknown as { __pcs?: RTCPeerConnection[] }).__pcs ?? [];
    let frames = 0;
    let qpSum = 0;
    for (const pc of pcs.filter((p) => p.connectionState === "connected"))
      for (const s of (await pc.getStats()).values())
        if (s.type === "inbound-rtp" && s.kind === "video") {
          frames += s.framesDecoded ?? 0;
          qpSum += s.qpSum ?? 0;
        }
    return { frames, qpSum };
  });
}
