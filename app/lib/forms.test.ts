import { describe, expect, it } from "vitest";
import { refusalFor, type ActionFailure } from "./forms";

const refused: ActionFailure = { ok: false, message: "Not done", values: { intent: "unappoint", communityId: "r1", memberId: "m1" } };

describe("refusalFor", () => {
  it("is the refusal when every field was sent back as given", () => {
    expect(refusalFor(refused, { communityId: "r1", memberId: "m1" })).toBe(refused);
  });

  it("is null for another row's form, an answer that was not a refusal, or no answer", () => {
    expect(refusalFor(refused, { communityId: "r1", memberId: "m2" })).toBeNull();
    expect(refusalFor({ ok: true, toast: { title: "Done" } }, { memberId: "m1" })).toBeNull();
    expect(refusalFor(undefined, { memberId: "m1" })).toBeNull();
  });
});
