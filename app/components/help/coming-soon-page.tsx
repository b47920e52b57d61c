import { Link } from "@remix-run/react";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { buttonClasses } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/card";

export type Topic = { title: string; description: string; icon: LucideIcon };

/** Spec §2 placeholder pages: a 'Coming Soon' badge, the topics and Back to Home. */
export function ComingSoonPage({
  title,
  intro,
  topics,
  children,
}: {
  title: string;
  intro: string;
  topics: Topic[];
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <div className="text-center">
        <Badge tone="secondary">Coming Soon</Badge>
        <h1 className="mt-4 text-4xl font-bold">{title}</h1>
        <p className="mx-auto mt-3 max-w-2xl text-muted">{intro}</p>
      </div>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {topics.map(({ title: topic, description, icon: Icon }) => (
          <li key={topic}>
            <Card className="h-full">
              <Icon className="h-6 w-6" aria-hidden="true" />
              <h2 className="mt-3 font-semibold">{topic}</h2>
              <p className="mt-1 text-sm text-muted">{description}</p>
            </Card>
          </li>
        ))}
      </ul>
      {children}
      <div className="mt-10 text-center">
        <Link to="/" className={buttonClasses("primary", "md")}>
          Back to Home
        </Link>
      </div>
    </div>
  );
}
