import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { LegalPage } from "~/components/legal/legal-page";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { documentTitle, PRODUCT_NAME } from "../../workers/contract/brand";

export const meta: MetaFunction = () => [{ title: documentTitle("Terms of Service") }];

export default function TermsOfService() {
  return (
    <LegalPage
      title="Terms of Service"
      updated="26 November 2026"
      intro={
        <p>
          These terms apply when you use {PRODUCT_NAME}: the realms, TableSync rooms, events, tournaments, the forum and the social planner.
          By creating an account you agree to them.
        </p>
      }
      sections={[
        {
          heading: "Your account",
          body: (
            <ul>
              <li>You sign in with Discord, Twitch or Google; keep that account safe, since it is the key to yours.</li>
              <li>One person, one account. Do not impersonate other players, streamers or organizers.</li>
              <li>You can delete your account at any time from Settings, Account.</li>
            </ul>
          ),
        },
        {
          heading: "What you post",
          body: (
            <p>
              You keep the rights to what you write and upload. You allow {PRODUCT_NAME} to store it and show it to the members it is meant
              for, as the feature you used describes (a forum post to everyone, a room&apos;s chat to the room). Post only what you have the
              right to share, and follow the{" "}
              <Link to="/code-of-conduct" className="underline">
                Code of Conduct
              </Link>
              .
            </p>
          ),
        },
        {
          heading: "Playing over webcam",
          body: (
            <p>
              TableSync shows your camera to the other players and spectators of the rooms you join. You decide when your camera and
              microphone are on. Recording other players needs their consent.
            </p>
          ),
        },
        {
          heading: "Tournaments and results",
          body: (
            <p>
              Organizers run their tournaments; pairings and standings follow the rules shown on each tournament&apos;s page. Report results
              honestly: a false report can cost you your place.
            </p>
          ),
        },
        {
          heading: "When we act",
          body: (
            <p>
              We may remove content or suspend accounts that break these terms or the Code of Conduct, and hosts can remove a member from
              their room. The service is offered as it is; we work to keep it running but cannot promise it never fails.
            </p>
          ),
        },
        {
          heading: "Changes and questions",
          body: (
            <p>
              When these terms change, the date above changes with them. Questions go through the{" "}
              <Link to="/contact" className="underline">
                contact form
              </Link>
              ; how we handle your data is in the{" "}
              <Link to="/privacy" className="underline">
                Privacy Policy
              </Link>
              .
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
