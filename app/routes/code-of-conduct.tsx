import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { LegalPage } from "~/components/legal/legal-page";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { documentTitle, PRODUCT_NAME } from "../../workers/contract/brand";

export const meta: MetaFunction = () => [{ title: documentTitle("Code of Conduct") }];

export default function CodeOfConduct() {
  return (
    <LegalPage
      title="Code of Conduct"
      updated="26 November 2026"
      intro={
        <p>
          {PRODUCT_NAME} is a table where strangers sit down to play. Every realm, room, event and thread should feel welcoming to new
          players and veterans alike.
        </p>
      }
      sections={[
        {
          heading: "At the table",
          body: (
            <ul>
              <li>Agree on the format and power level before the game, and play the deck you described.</li>
              <li>Keep your cards, life total and dice visible on camera; say what you play.</li>
              <li>Be patient with new players and slow turns; concede gracefully and win gracefully.</li>
              <li>Ask before you record or stream other players.</li>
            </ul>
          ),
        },
        {
          heading: "Everywhere",
          body: (
            <ul>
              <li>No harassment, hate speech, threats or sexual content aimed at others.</li>
              <li>No cheating, collusion or false result reports in tournaments.</li>
              <li>No spam, scams or selling outside the places made for it.</li>
              <li>Respect privacy: do not share another member&apos;s personal details.</li>
            </ul>
          ),
        },
        {
          heading: "If something goes wrong",
          body: (
            <p>
              Block a member to keep them away from you and your rooms; a host can remove a member from their room. Report anything serious
              through the{" "}
              <Link to="/contact" className="underline">
                contact form
              </Link>
              . We may remove content or suspend accounts that break this code (see the{" "}
              <Link to="/terms" className="underline">
                Terms of Service
              </Link>
              ).
            </p>
          ),
        },
      ]}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
