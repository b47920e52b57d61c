import type { HTMLAttributes } from "react";
import { cn } from "~/lib/cn";

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("rounded-xl border border-border bg-gradient-card p-5 shadow-sm", className)} {...props} />;
}

export function Badge({
  className,
  tone = "default",
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: "default" | "secondary" | "destructive" | "outline" | "success" }) {
  const tones = {
    default: "bg-primary text-primary-foreground",
    secondary: "bg-surface text-fg border border-border",
    destructive: "bg-destructive text-white",
    outline: "border border-border text-fg",
    success: "bg-emerald-700 text-white",
  };
  return (
    <span
      className={cn("inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold", tones[tone], className)}
      {...props}
    />
  );
}

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-lg bg-surface", className)} />;
}
