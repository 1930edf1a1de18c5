/**
 * Stream tickets: EventSource cannot send an Authorization header, and a
 * bearer token in a URL ends up in logs and history. A signed-in person asks
 * for a ticket (POST, with their token) and opens the stream with it; the
 * ticket names the person and the language to word the stream in, lasts a
 * minute (long enough to connect and for the browser's own reconnects soon
 * after) and is signed with APP_KEY, so nothing is stored.
 */
import crypto from "node:crypto";
import type { LanguageCode } from "../../../contracts/auth";
import { languageOf } from "./wording";

export const TICKET_SECONDS = 60;

export interface Ticket {
  userId: number;
  language: LanguageCode;
  expiresAt: Date;
}

function signature(key: string, body: string): string {
  // The purpose is signed too: no other signed value of the app can pass for a ticket.
  return crypto.createHmac("sha256", key).update(`notifications-stream\n${body}`).digest("base64url");
}

export function issueTicket(key: string, userId: number, language: LanguageCode, now: Date): Ticket & { ticket: string } {
  const expires = Math.floor(now.getTime() / 1000) + TICKET_SECONDS;
  const body = `${userId}.${language}.${expires}`;
  return { ticket: `${body}.${signature(key, body)}`, userId, language, expiresAt: new Date(expires * 1000) };
}

/** The ticket's holder, or null when it is malformed, forged or expired. */
export function verifyTicket(key: string, ticket: string | undefined, now: Date): Ticket | null {
  const match = /^(\d{1,10})\.([a-z]{2})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(ticket ?? "");
  if (!match) return null;
  const [, user, language, expires, given] = match;
  const expected = Buffer.from(signature(key, `${user}.${language}.${expires}`));
  if (!crypto.timingSafeEqual(expected, Buffer.from(given))) return null;
  if (Number(expires) * 1000 <= now.getTime()) return null;
  return { userId: Number(user), language: languageOf(language), expiresAt: new Date(Number(expires) * 1000) };
}
