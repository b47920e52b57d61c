import { Card } from "~/components/ui/card";
import type { ResultRead } from "../../../workers/domain/results/game-results";
import { ResultRecordForm } from "./result-record-form";
import { ResultRespondForm } from "./result-respond-form";
import { ResultSummary } from "./result-summary";

/**
 * An ended room's result (issue 27): the host records it (or corrects it after a dispute), the other players
 * confirm or dispute it, everyone else sees it once recorded.
 */
export function ResultPanel({ result }: { result: ResultRead }) {
  const { view, role, seated } = result;
  return (
    <Card className="mx-auto mt-2 max-w-2xl text-left" data-testid="result-panel">
      <h2 className="text-xl font-semibold">Result</h2>
      {role === "record" ? <p className="mt-1 text-sm text-muted">Record how the game ended; the other players confirm it.</p> : null}
      {role === "correct" ? (
        <p className="mt-1 text-sm text-muted" role="status">
          A player disputed the result. Correct it below: everyone is asked again.
        </p>
      ) : null}
      {view ? (
        <div className="mt-3">
          <ResultSummary result={view} />
        </div>
      ) : role === "view" ? (
        <p className="mt-2 text-sm text-muted">The host has not recorded the result yet.</p>
      ) : null}
      {role === "record" || role === "correct" ? (
        <div className="mt-4">
          <ResultRecordForm players={seated} previous={view} lastStanding={result.lastStanding} />
        </div>
      ) : null}
      {role === "respond" ? <ResultRespondForm /> : null}
    </Card>
  );
}
