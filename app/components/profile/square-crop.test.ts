import { describe, expect, it } from "vitest";
import { centredSquare } from "./square-crop";

describe("centredSquare", () => {
  it("cuts the middle of a landscape image", () => {
    expect(centredSquare(400, 300)).toEqual({ sx: 50, sy: 0, side: 300 });
  });

  it("cuts the middle of a portrait image", () => {
    expect(centredSquare(300, 401)).toEqual({ sx: 0, sy: 50, side: 300 });
  });

  it("keeps a square image whole", () => {
    expect(centredSquare(256, 256)).toEqual({ sx: 0, sy: 0, side: 256 });
  });
});
