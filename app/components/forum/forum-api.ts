import type {
  CreateForumPostBody,
  ForumLikeState,
  ForumPost,
  ForumPostPage,
  ForumReply,
  ForumReplyPage,
  UpdateForumPostBody,
} from "../../../workers/contract/forum";
import { noticeUnauthorized } from "~/lib/session-expired";

/** Thrown for a non-OK answer: `"<status>: <body or status text>"`, with the status kept. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    text: string,
  ) {
    super(`${status}: ${text}`);
  }
}

/** The server's `{ message }` of a failed call, for toasts. */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const text = error.message.slice(error.message.indexOf(": ") + 2);
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string") return parsed.message;
  } catch {
    // not JSON: fall through
  }
  return text || undefined;
}

async function call<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const res = await fetch(path, {
    method: init.method ?? "GET",
    credentials: "same-origin",
    headers: init.body === undefined ? undefined : { "Content-Type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
  });
  noticeUnauthorized(res.status);
  if (!res.ok) throw new ApiError(res.status, (await res.text()) || res.statusText);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

export function fetchPosts(params: { communityId: string; category?: string; cursor?: string | null }, signal?: AbortSignal) {
  const qs = new URLSearchParams({ communityId: params.communityId });
  if (params.category) qs.set("category", params.category);
  if (params.cursor) qs.set("cursor", params.cursor);
  return call<ForumPostPage>(`/api/forum/posts?${qs}`, { signal });
}

export const fetchPost = (id: string, signal?: AbortSignal) => call<ForumPost>(`/api/forum/posts/${encodeURIComponent(id)}`, { signal });

export function fetchReplies(postId: string, cursor?: string | null, signal?: AbortSignal) {
  const qs = cursor ? `?${new URLSearchParams({ cursor })}` : "";
  return call<ForumReplyPage>(`/api/forum/posts/${encodeURIComponent(postId)}/replies${qs}`, { signal });
}

export const createPost = (body: CreateForumPostBody) => call<ForumPost>("/api/forum/posts", { method: "POST", body });

export const updatePost = (id: string, body: UpdateForumPostBody) =>
  call<ForumPost>(`/api/forum/posts/${encodeURIComponent(id)}`, { method: "PATCH", body });

export const deletePost = (id: string) => call<void>(`/api/forum/posts/${encodeURIComponent(id)}`, { method: "DELETE" });

export const createReply = (postId: string, content: string) =>
  call<ForumReply>(`/api/forum/posts/${encodeURIComponent(postId)}/replies`, { method: "POST", body: { content } });

export const deleteReply = (id: string) => call<void>(`/api/forum/replies/${encodeURIComponent(id)}`, { method: "DELETE" });

/** Spec §4: a like toggles. Errors carry the spec's texts (thrown, no toast). */
export async function setLiked(postId: string, liked: boolean): Promise<ForumLikeState> {
  try {
    return await call<ForumLikeState>(`/api/forum/posts/${encodeURIComponent(postId)}/like`, { method: liked ? "POST" : "DELETE" });
  } catch {
    throw new Error(liked ? "Failed to like post" : "Failed to unlike post");
  }
}

export const updateReply = (id: string, content: string) =>
  call<ForumReply>(`/api/forum/replies/${encodeURIComponent(id)}`, { method: "PATCH", body: { content } });
