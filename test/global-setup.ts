import type { TestProject } from "vitest/node";
import { FAKE_TURN_API_TOKEN, FAKE_TURN_KEY_ID, startFakeTurnService } from "../scripts/fakes/turn-service.mjs";

// Outside services the Worker calls run as small fakes on localhost for the whole run (nothing in the tests reaches
// the internet); each test file that needs one points the Worker's configuration at it.
declare module "vitest" {
  export interface ProvidedContext {
    turnService: { url: string; keyId: string; apiToken: string };
  }
}

export default async function setup(project: TestProject) {
  const turn = await startFakeTurnService();
  project.provide("turnService", { url: turn.url, keyId: FAKE_TURN_KEY_ID, apiToken: FAKE_TURN_API_TOKEN });
  return () => turn.close();
}
