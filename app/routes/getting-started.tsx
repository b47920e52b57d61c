import type { MetaFunction } from "@remix-run/cloudflare";
import { Award, CheckSquare, Globe, Radio, UserCircle, Users } from "lucide-react";
import { ComingSoonPage, type Topic } from "~/components/help/coming-soon-page";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { documentTitle } from "../../workers/contract/brand";

export const meta: MetaFunction = () => [{ title: documentTitle("Getting Started Guide") }];

const TOPICS: Topic[] = [
  { title: "Quick Start Checklist", description: "The first five things to do after signing in.", icon: CheckSquare },
  { title: "First Stream Setup", description: "Cameras, overlays and going live with TableSync.", icon: Radio },
  { title: "Community Selection", description: "Pick the realm of your game and make it yours.", icon: Globe },
  { title: "Profile Optimization", description: "A profile that helps the right players find you.", icon: UserCircle },
  { title: "Finding Collaborators", description: "Matchmaking, pods and co-streaming partners.", icon: Users },
  { title: "Reputation", description: "How reliability and good games build your standing.", icon: Award },
];

export default function GettingStartedPage() {
  return <ComingSoonPage title="Getting Started Guide" intro="From sign-in to your first game and stream." topics={TOPICS} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
