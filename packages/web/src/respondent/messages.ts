/**
 * The form's sentences in its language: the server puts that one language's catalogue in
 * the preload (`preload.messages`, core's `browserMessages`), so the public form's
 * JavaScript carries no catalogue and the page and the hydrated app say the same. Every
 * component below a `MessagesProvider` reads them with `useText()`.
 */
import { createContext, createElement, useContext, useMemo, type ReactNode } from "react";
import { formatMessage, type BrowserMessageKey, type BrowserMessages, type MessageVars } from "@fieldwork/core";

export type Text = (key: BrowserMessageKey, vars?: MessageVars) => string;

const MessagesContext = createContext<BrowserMessages | null>(null);

export function MessagesProvider({ messages, children }: { messages: BrowserMessages; children: ReactNode }) {
  return createElement(MessagesContext, { value: messages }, children);
}

/** The catalogue of the form; a component used without a provider is a programming error. */
export function useMessages(): BrowserMessages {
  const messages = useContext(MessagesContext);
  if (!messages) throw new Error("no MessagesProvider");
  return messages;
}

/** `text(key, vars)`: the form's sentence for `key`, its `{placeholders}` filled. */
export function useText(): Text {
  const messages = useMessages();
  return useMemo(() => textOf(messages), [messages]);
}

export const textOf = (messages: BrowserMessages): Text => (key, vars) => formatMessage(messages[key], vars);
