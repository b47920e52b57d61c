import type { Fetcher } from "@remix-run/react";
import { describe, expect, it } from "vitest";
import { rowActionState } from "./list-fetcher";

const idle: Fetcher = {
  state: "idle",
  formMethod: undefined,
  formAction: undefined,
  formEncType: undefined,
  text: undefined,
  formData: undefined,
  json: undefined,
  data: undefined,
};

/** The list's fetcher while it sends `fields` as a form or as JSON, or reloads the page's data after the answer. */
function sending(state: "submitting" | "loading", fields: Record<string, string>, encoding: "form" | "json" = "form"): Fetcher {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return {
    state,
    formMethod: "POST",
    formAction: "/settings",
    formEncType: encoding === "form" ? "application/x-www-form-urlencoded" : "application/json",
    text: undefined,
    formData: encoding === "form" ? formData : undefined,
    json: encoding === "json" ? fields : undefined,
    data: undefined,
  };
}

describe("rowActionState", () => {
  it("is neither sending nor busy while the list's fetcher rests", () => {
    expect(rowActionState(idle, "id", "a")).toEqual({ sending: false, busy: false });
  });

  it("is sending for the row whose form was sent, busy for every row", () => {
    const fetcher = sending("submitting", { intent: "unblock", userId: "a" });
    expect(rowActionState(fetcher, "userId", "a")).toEqual({ sending: true, busy: true });
    expect(rowActionState(fetcher, "userId", "b")).toEqual({ sending: false, busy: true });
  });

  it("reads a JSON submission's field too", () => {
    const fetcher = sending("submitting", { intent: "revokeToken", id: "t1" }, "json");
    expect(rowActionState(fetcher, "id", "t1")).toEqual({ sending: true, busy: true });
    expect(rowActionState(fetcher, "id", "t2")).toEqual({ sending: false, busy: true });
  });

  it("stays sending while the page reloads its data after the answer (the row goes only then)", () => {
    expect(rowActionState(sending("loading", { caseId: "c1" }), "caseId", "c1")).toEqual({ sending: true, busy: true });
  });
});
