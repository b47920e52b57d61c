import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { LegalPage } from "~/components/legal/legal-page";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { documentTitle, PRODUCT_NAME } from "../../workers/contract/brand";
import { SESSION_TTL_SECONDS } from "../../workers/auth/session";
import {
  ABANDONED_ROOM_MS,
  LONGEST_RATE_LIMIT_WINDOW_MS,
  READ_NOTIFICATION_RETENTION_MS,
  UNREAD_NOTIFICATION_RETENTION_MS,
} from "../../workers/domain/operations/housekeeping-rules";

export const meta: MetaFunction = () => [{ title: documentTitle("Privacy Policy") }];

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/** The periods the page states, read from the rules the cron and the session store apply, so the two cannot drift apart. */
export function loader({ context }: LoaderFunctionArgs) {
  return {
    sessionDays: SESSION_TTL_SECONDS / (24 * 60 * 60),
    readNotificationDays: READ_NOTIFICATION_RETENTION_MS / DAY,
    unreadNotificationDays: UNREAD_NOTIFICATION_RETENTION_MS / DAY,
    abandonedRoomHours: ABANDONED_ROOM_MS / HOUR,
    roomIdleMinutes: Number(context.cloudflare.env.ROOM_IDLE_MINUTES) || 30,
    rateLimitHours: Math.ceil(LONGEST_RATE_LIMIT_WINDOW_MS / HOUR),
  };
}

export default function PrivacyPolicy() {
  const d = useLoaderData<typeof loader>();
  return (
    <LegalPage
      title="Privacy Policy"
      updated="27 November 2026"
      intro={
        <p>
          What {PRODUCT_NAME} stores about you, why, who can see it and for how long. We keep only what the features you use need, and you
          can download or delete all of it at any time from Settings, Account.
        </p>
      }
      sections={[
        {
          heading: "What we store",
          body: (
            <ul>
              <li>Your account: first and last name, e-mail address, and the sign-in provider (Discord, Twitch or Google) you use.</li>
              <li>Your profile: bio, location, status, primary realm, social links and profile picture (stored as an image file).</li>
              <li>
                Your settings, the realms you joined, your friends, the members you blocked, and your answers to bots that asked to seat you
                in their rooms.
              </li>
              <li>
                What you create: events, TableSync rooms and your seats in them, tournaments and their results, forum posts, replies and
                likes, planned social posts, saved decks.
              </li>
              <li>Room chat: the chat lines of a room, kept with the room so that players who rejoin see them.</li>
              <li>Notifications sent to you.</li>
              <li>
                Messages sent through the contact form: name, e-mail address, subject, message and the network address they came from (to
                limit abuse).
              </li>
            </ul>
          ),
        },
        {
          heading: "Video and audio",
          body: (
            <p>
              Video and audio in TableSync rooms go directly between the players&apos; browsers (peer to peer, encrypted by WebRTC). Our
              server only passes on the messages that set up the connection; it never receives, records or stores your video or audio. When
              a direct connection is impossible, the encrypted stream may pass through Cloudflare&apos;s relay (TURN), which forwards it
              without storing it. The Record button records on your own device only.
            </p>
          ),
        },
        {
          heading: "Card data",
          body: (
            <p>
              Card names, texts and pictures come from Scryfall. Our server looks cards up by name and sends nothing about you; card
              pictures load in your browser from Scryfall&apos;s image host, which sees your network address as any website does.
            </p>
          ),
        },
        {
          heading: "Who can see what",
          body: (
            <ul>
              <li>Your e-mail address is never shown to other members.</li>
              <li>
                Other members see your profile according to your privacy settings: a hidden profile withholds your bio, status and social
                links, and you can show your status as offline.
              </li>
              <li>
                Members you block cannot send you friend requests, take a place in your rooms, join your events or tournaments, or find you
                in matchmaking, and cause you no notifications.
              </li>
            </ul>
          ),
        },
        {
          heading: "How long we keep it",
          body: (
            <ul>
              <li>A sign-in lasts {d.sessionDays} days, or until you sign out; signing out ends it on every open page.</li>
              <li>
                Notifications you have read are deleted after {d.readNotificationDays} days, unread ones after {d.unreadNotificationDays}{" "}
                days.
              </li>
              <li>
                A waiting room nobody has been connected to for {d.roomIdleMinutes} minutes, or whose places have not changed for{" "}
                {d.abandonedRoomHours} hours, is ended. Its chat stays with the room until the room is deleted.
              </li>
              <li>
                The counters that limit how often something can be done are deleted once their window has passed (at most {d.rateLimitHours}{" "}
                hours).
              </li>
              <li>Everything else stays until you delete it or delete your account.</li>
            </ul>
          ),
        },
        {
          heading: "Deleting your account",
          body: (
            <p>
              Deleting your account (Settings, Account) removes your account, profile, profile pictures, settings, friends, blocks, events,
              rooms, tournament entries, notifications, social posts, saved decks and contact messages at once, and ends your open sessions.
              Your forum posts and replies stay in their threads without your name, so that conversations keep making sense. Before
              deleting, you can download everything we store about you as a file (Export Data).
            </p>
          ),
        },
        {
          heading: "Cookies",
          body: (
            <p>
              We use only the cookies the site needs: your sign-in (realmcast_session), the realm you picked (selectedCommunityId), a
              short-lived one for the message shown after a form (realmcast_toast) and one that protects a sign-in in progress
              (realmcast_oauth). No advertising or tracking cookies.
            </p>
          ),
        },
        {
          heading: "Questions",
          body: (
            <p>
              Ask us anything about your data through the{" "}
              <Link to="/contact" className="underline">
                contact form
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
