import type { MetaFunction } from "@remix-run/cloudflare";
import { CreditCard, Gamepad2, Plug, ScrollText, Shield, Wrench } from "lucide-react";
import { ComingSoonPage, type Topic } from "~/components/help/coming-soon-page";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { documentTitle } from "../../workers/contract/brand";

export const meta: MetaFunction = () => [{ title: documentTitle("FAQ") }];

const TOPICS: Topic[] = [
  { title: "Pricing and Billing", description: "What is free, what will cost, and how billing works.", icon: CreditCard },
  { title: "Privacy and Security", description: "What we store, who sees it and how it is protected.", icon: Shield },
  { title: "Gaming Setup", description: "Cameras, lighting and table layouts for remote play.", icon: Gamepad2 },
  { title: "Integrations", description: "Twitch, YouTube, Discord and OBS.", icon: Plug },
  { title: "Troubleshooting", description: "Fixes for camera, microphone and connection problems.", icon: Wrench },
  { title: "Community Guidelines", description: "How we keep every realm welcoming.", icon: ScrollText },
];

export default function FaqPage() {
  return <ComingSoonPage title="Frequently Asked Questions" intro="Answers to common questions about Realmcast." topics={TOPICS} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
