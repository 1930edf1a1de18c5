/** Where the session survives a reload: the bearer token and the spec's authenticated flag. */
const TOKEN_KEY = "auth_token";
const FLAG_KEY = "is_authenticated";

/** Whether a storage event (another tab) touched the session. */
export function touchesSession(key: string | null): boolean {
  return key === null || key === TOKEN_KEY || key === FLAG_KEY;
}

export function readToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function readAuthenticatedFlag(): boolean {
  return localStorage.getItem(FLAG_KEY) === "true" && readToken() !== null;
}

export function storeSession(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(FLAG_KEY, "true");
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(FLAG_KEY);
}
