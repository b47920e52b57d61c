import { describe, expect, it } from "vitest";
import { mediaChoiceKey, readMediaChoice, saveMediaChoice, shouldRestoreCamera } from "./media-choice";

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), items };
}

describe("the member's camera and microphone choice", () => {
  it("is kept per member and read back as saved", () => {
    const storage = memoryStorage();
    saveMediaChoice(storage, "ann", { camera: true, video: true, mic: false });
    expect(readMediaChoice(storage, "ann")).toEqual({ camera: true, video: true, mic: false });
    expect(readMediaChoice(storage, "ben")).toBeNull();
  });

  it("ignores what is not a choice, and storage that refuses", () => {
    const storage = memoryStorage();
    storage.items.set(mediaChoiceKey("ann"), "{not json");
    expect(readMediaChoice(storage, "ann")).toBeNull();
    storage.items.set(mediaChoiceKey("ann"), JSON.stringify({ camera: "yes" }));
    expect(readMediaChoice(storage, "ann")).toBeNull();
    const refusing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(readMediaChoice(refusing, "ann")).toBeNull();
    expect(() => saveMediaChoice(refusing, "ann", { camera: true, video: true, mic: true })).not.toThrow();
  });

  it("turns the camera back on only when the member had it on and both permissions are granted already", () => {
    const on = { camera: true, video: true, mic: true };
    expect(shouldRestoreCamera(on, "granted", "granted")).toBe(true);
    expect(shouldRestoreCamera({ ...on, video: false, mic: false }, "granted", "granted")).toBe(true);
    expect(shouldRestoreCamera(on, "prompt", "granted")).toBe(false);
    expect(shouldRestoreCamera(on, "granted", "denied")).toBe(false);
    expect(shouldRestoreCamera(on, null, null)).toBe(false);
    expect(shouldRestoreCamera({ ...on, camera: false }, "granted", "granted")).toBe(false);
    expect(shouldRestoreCamera(null, "granted", "granted")).toBe(false);
  });
});
