import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";

/** Placeholder for a route whose feature issue has not landed yet. */
export function PendingPage({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-muted">This part of Realmcast is on its way.</p>
      <Link to="/" className={buttonClasses("primary", "md", "mt-6")}>
        Back to Home
      </Link>
    </section>
  );
}
