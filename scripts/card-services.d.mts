// Types of scripts/card-services.mjs for the TypeScript that imports it (its test).
export declare const CARD_SERVICE_VARIABLES: string[];
export declare function chooseCardServices(
  env: Record<string, string | undefined>,
): { fake: true } | { fake: false; vars: Record<string, string> };
export declare function describeCardServices(choice: ReturnType<typeof chooseCardServices>, fakeUrl?: string): string;
