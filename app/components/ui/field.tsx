import { forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes, type SelectHTMLAttributes } from "react";
import { cn } from "~/lib/cn";

const fieldClasses =
  "w-full rounded-lg border border-border bg-background px-3 py-2 text-fg placeholder:text-muted focus-visible:border-primary disabled:opacity-60";

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input({ className, ...props }, ref) {
  return <input ref={ref} className={cn(fieldClasses, "h-10", className)} {...props} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { className, ...props },
  ref,
) {
  return <textarea ref={ref} className={cn(fieldClasses, "min-h-24", className)} {...props} />;
});

/** Native select: accessible, keyboard friendly and light on JavaScript. */
export const NativeSelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function NativeSelect(
  { className, ...props },
  ref,
) {
  return <select ref={ref} className={cn(fieldClasses, "h-10", className)} {...props} />;
});

export function Label({ className, ...props }: React.LabelHTMLAttributes<HTMLLabelElement>) {
  // Callers pass `htmlFor` (or wrap their control), which the rule cannot see through the spread.
  // eslint-disable-next-line jsx-a11y/label-has-associated-control
  return <label className={cn("mb-1 block text-sm font-medium", className)} {...props} />;
}

/** The error beside a field (from an action's field errors); renders nothing when there is none. */
export function FieldMessage({ id, children }: { id: string; children?: string }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
      {children}
    </p>
  );
}
