// @vitest-environment happy-dom
import { createElement, useEffect, useState } from "react";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { useAnswerEffect } from "./answer-effect";

// React warns unless it knows a test drives it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A value read during render from outside React, as a fetcher's data is read from Remix's map. */
const source: { answer: object | undefined } = { answer: undefined };
let bump: (n: number) => void = () => undefined;
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  source.answer = undefined;
});

function mount(component: () => null) {
  const container = document.createElement("div");
  const root = createRoot(container);
  act(() => root.render(createElement(component)));
  cleanups.push(() => act(() => root.unmount()));
}

/**
 * The bailed-out render: the component renders (its state was set twice in one batch) but its state ends where it
 * was, so React keeps the hooks it rendered, the new answer with them, and drops their effects. Then a real render.
 */
function answerDuringBailout(answer: object) {
  source.answer = answer;
  act(() => {
    bump(1);
    bump(0);
  });
  act(() => bump(2));
}

describe("useAnswerEffect", () => {
  it("runs once for an answer first seen in a render React bails out of, where an [answer] effect never runs", () => {
    const ran: string[] = [];
    mount(function Probe() {
      const [, setN] = useState(0);
      bump = setN;
      const answer = source.answer;
      useEffect(() => {
        if (answer) ran.push("with [answer]");
      }, [answer]);
      useAnswerEffect(answer, () => ran.push("useAnswerEffect"));
      return null;
    });
    answerDuringBailout({ ok: true });
    expect(ran).toEqual(["useAnswerEffect"]);
  });

  it("runs once per answer by identity: not again on a re-render, again for an equal new answer", () => {
    const seen: unknown[] = [];
    mount(function Probe() {
      const [, setN] = useState(0);
      bump = setN;
      useAnswerEffect(source.answer, (answer) => seen.push(answer));
      return null;
    });
    const first = { ok: true };
    source.answer = first;
    act(() => bump(1));
    act(() => bump(2));
    const second = { ok: true };
    source.answer = second;
    act(() => bump(3));
    // By identity: the two answers are equal as values.
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe(first);
    expect(seen[1]).toBe(second);
  });
});
