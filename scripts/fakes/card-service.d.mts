export declare const FIXTURE_DECKS: Record<"atraxa" | "krenko" | "edgar" | "talrand", { id: number; name: string; commander: string }>;
export type FakeCardRequest = {
  method: string;
  path: string;
  search: string;
  headers: Record<string, string | string[] | undefined>;
  at: number;
};
export declare function startFakeCardService(options?: { port?: number }): Promise<{
  url: string;
  imageOrigin: string;
  archidektUrl: string;
  requests: FakeCardRequest[];
  setFailing: (failing: boolean) => void;
  close: () => Promise<void>;
}>;
