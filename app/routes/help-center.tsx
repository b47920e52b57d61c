import type { MetaFunction } from "@remix-run/cloudflare";
import { BookOpen, HelpCircle, Lightbulb, Search, Users, Video } from "lucide-react";
import { Link } from "@remix-run/react";
import { ComingSoonPage, type Topic } from "~/components/help/coming-soon-page";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { documentTitle } from "../../workers/contract/brand";

export const meta: MetaFunction = () => [{ title: documentTitle("Help Center") }];

const TOPICS: Topic[] = [
  { title: "Tutorials", description: "Step-by-step guides for rooms, events and streaming.", icon: BookOpen },
  { title: "FAQ", description: "Quick answers to the questions members ask most.", icon: HelpCircle },
  { title: "Video Guides", description: "Watch how to set up cameras, overlays and game rooms.", icon: Video },
  { title: "Searchable Knowledge Base", description: "Find any article by keyword.", icon: Search },
  { title: "Community Support", description: "Get help from experienced players and streamers.", icon: Users },
  { title: "Tips", description: "Small tricks that make your streams and games smoother.", icon: Lightbulb },
];

export default function HelpCenterPage() {
  return (
    <ComingSoonPage title="Help Center" intro="Everything you need to get the most out of Realmcast, in one place." topics={TOPICS}>
      <p className="mt-10 text-center">
        Available now:{" "}
        <Link to="/help-center/build-a-bot" className="font-medium underline">
          Build a bot
        </Link>{" "}
        with the Realmcast API and a personal access token.
      </p>
    </ComingSoonPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
