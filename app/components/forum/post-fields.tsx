import { FORUM_CATEGORIES } from "../../../workers/contract/forum-categories";
import { FieldMessage, Input, Label, NativeSelect, Textarea } from "~/components/ui/field";
import { fieldError } from "~/lib/forms";

type Values = { title: string; category: string; content: string };
type Props = {
  /** An action's answer: its field errors show beside the fields. */
  result: unknown;
  /** Controlled values (the dialog), or the starting values of a plain form. */
  values?: Values;
  defaults?: Partial<Values>;
  onChange?: (values: Values) => void;
};

/** Title, category and content of a post (spec 001 §5 Forum post), shared by the dialog and the page form. */
export function PostFields({ result, values, defaults, onChange }: Props) {
  const field = (name: keyof Values) => {
    const error = fieldError(result, name);
    return {
      id: `forum-post-${name}`,
      name,
      ...(values
        ? { value: values[name], onChange: (e: { target: { value: string } }) => onChange?.({ ...values, [name]: e.target.value }) }
        : {}),
      ...(values ? {} : { defaultValue: defaults?.[name] ?? "" }),
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `forum-post-${name}-error` : undefined,
    };
  };
  return (
    <>
      <div>
        <Label htmlFor="forum-post-title">Title</Label>
        <Input maxLength={150} {...field("title")} />
        <FieldMessage id="forum-post-title-error">{fieldError(result, "title")}</FieldMessage>
      </div>
      <div>
        <Label htmlFor="forum-post-category">Category</Label>
        <NativeSelect {...field("category")}>
          <option value="">Select a category</option>
          {FORUM_CATEGORIES.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </NativeSelect>
        <FieldMessage id="forum-post-category-error">{fieldError(result, "category")}</FieldMessage>
      </div>
      <div>
        <Label htmlFor="forum-post-content">Content</Label>
        <Textarea rows={8} maxLength={10_000} {...field("content")} />
        <FieldMessage id="forum-post-content-error">{fieldError(result, "content")}</FieldMessage>
      </div>
    </>
  );
}
