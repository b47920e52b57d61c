// The page's connection to the card identifier's Web Worker (identifier.worker.ts, issue 36): started on the first
// question, each question numbered and its answer checked (identifier-protocol.ts) before it is handed back. What the
// page asks, and when, is identifier-client.ts's.
import { identifierAnswer, type IdentifierAnswer, type IdentifierRequest } from "./identifier-protocol";
import type { Delivered } from "./identifier-measures";

/** What asks the worker a question: the request without its id (the connection numbers them). */
export type Ask = IdentifierRequest extends infer R ? (R extends IdentifierRequest ? Omit<R, "id"> : never) : never;

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, { posted: number; resolve: (delivered: Delivered) => void; reject: (error: Error) => void }>();
const stopListeners: (() => void)[] = [];

/** Called when the worker stops (its script failed): whatever it held is gone, and the next question starts another. */
export function onIdentifierStopped(listener: () => void): void {
  stopListeners.push(listener);
}

function failAll(error: Error) {
  for (const { reject } of waiting.values()) reject(error);
  waiting.clear();
}

function theWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL("./identifier.worker.ts", import.meta.url), { type: "module", name: "card-identifier" });
  started.addEventListener("message", (event: MessageEvent<unknown>) => {
    const arrived = performance.now();
    const parsed = identifierAnswer.safeParse(event.data);
    if (!parsed.success) {
      console.warn("The card identifier answered something unexpected", parsed.error);
      return;
    }
    const pending = waiting.get(parsed.data.id);
    if (!pending) return;
    waiting.delete(parsed.data.id);
    if (parsed.data.kind === "error") pending.reject(new Error(parsed.data.message));
    else pending.resolve({ answer: parsed.data, posted: pending.posted, arrived, parsed: performance.now() });
  });
  started.addEventListener("error", (event) => {
    // The worker's script failed (it did not load, or threw at the top): start afresh on the next question.
    event.preventDefault();
    console.warn("The card identifier stopped", event.message);
    worker?.terminate();
    worker = null;
    for (const listener of stopListeners) listener();
    failAll(new Error("The card identifier stopped"));
  });
  worker = started;
  return started;
}

/** Asks the worker (`transfer`: buffers moved to it, not copied); the answer with when it was posted and arrived. */
export function askTimed(request: Ask, transfer: Transferable[] = []): Promise<Delivered> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const target = theWorker();
    waiting.set(id, { posted: performance.now(), resolve, reject });
    target.postMessage({ ...request, id }, transfer);
  });
}

/** Asks the worker; its (checked) answer. */
export function ask(request: Ask, transfer: Transferable[] = []): Promise<IdentifierAnswer> {
  return askTimed(request, transfer).then((delivered) => delivered.answer);
}
