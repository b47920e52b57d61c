import { useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { toast } from "~/hooks/use-toast";
import { errorText } from "./tournament-api";

/**
 * Runs one tournament call at a time from the detail page: a destructive toast
 * with the server's message on failure, fresh loader data after success.
 */
export function useTournamentAction() {
  const revalidator = useRevalidator();
  const [pending, setPending] = useState<string | null>(null);

  async function run<T>(
    key: string,
    call: () => Promise<T>,
    messages: { success?: { title: string; description?: string }; failure: string },
  ) {
    setPending(key);
    try {
      const result = await call();
      if (messages.success) toast(messages.success);
      revalidator.revalidate();
      return result;
    } catch (error) {
      toast({ title: messages.failure, description: errorText(error), variant: "destructive" });
      return undefined;
    } finally {
      setPending(null);
    }
  }

  return { run, pending, busy: pending !== null || revalidator.state === "loading" };
}
