/**
 * What a person changes about themselves: contact fields and preferences,
 * the profile picture (type read from the bytes, 2 MB cap, served by signed
 * link) and their password.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/api";
import { insertEmployeeSignedIn } from "../support/factories";
import { describe as describeImage, picture as makePicture, pngBomb, pngClaiming } from "../support/images";
import { ADMIN, call, JPEG_TINY, multipart, PNG_1X1, WEBP_TINY } from "../support/people";

const TWO_MB = 2 * 1024 * 1024;

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
});
afterAll(() => t.close());

function signIn(email: string, password: string) {
  return t.app.inject({ method: "POST", url: "/api/login", payload: { email, password } });
}

async function own(token: string) {
  const response = await call(t, token, { method: "GET", url: "/api/user" });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Record<string, unknown> & { id: number; profile_picture_url: string | null };
}

function putProfile(token: string, payload: Record<string, unknown>) {
  return call(t, token, { method: "PUT", url: "/api/me/profile", payload });
}

function upload(token: string | null, parts: Parameters<typeof multipart>[0]) {
  return call(t, token, { method: "POST", url: "/api/me/profile/picture", ...multipart(parts) });
}

const picture = (content: Buffer, filename = "me.png", contentType = "image/png") => [{ name: "file", filename, contentType, content }];

/** Fetches a signed link the way an <img> would: no bearer token. */
function fetchLink(url: string) {
  return t.app.inject({ method: "GET", url });
}

describe("PUT /api/me/profile", () => {
  it("refuses an anonymous caller (401)", async () => {
    expect((await t.app.inject({ method: "PUT", url: "/api/me/profile", payload: { phone: "1" } })).statusCode).toBe(401);
  });

  it("changes one's own contact fields and name, and nothing else", async () => {
    const person = await insertEmployeeSignedIn(t);
    const before = await own(person.token);
    const change = {
      first_name: "Robin",
      last_name: "Renamed",
      phone: "+44 20 7946 0000",
      address: "2 Side Street",
      emergency_contact_name: "Sam Renamed",
      emergency_contact_phone: "+44 20 7946 0001",
    };
    const response = await putProfile(person.token, change);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe("Your profile was saved.");
    const after = await own(person.token);
    expect(after).toEqual({ ...before, ...change, name: "Robin Renamed", updated_at: expect.any(String) });
    // The new name is what the session says on the very next request.
    expect((await call(t, person.token, { method: "GET", url: "/api/me" })).json().data.name).toBe("Robin Renamed");
  });

  it("saves preferences, merged over earlier ones, and GET /api/user/settings returns them", async () => {
    const person = await insertEmployeeSignedIn(t);
    expect((await call(t, person.token, { method: "GET", url: "/api/user/settings" })).json()).toEqual({ data: {} });
    expect((await putProfile(person.token, { preferences: { language: "fr" } })).statusCode).toBe(200);
    expect((await putProfile(person.token, { preferences: { dark_mode: true, theme_preset: "lara" } })).statusCode).toBe(200);
    const settings = await call(t, person.token, { method: "GET", url: "/api/user/settings" });
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toEqual({ data: { language: "fr", dark_mode: true, theme_preset: "lara" } });
  });

  it("keeps both of two preference saves sent at the same moment", async () => {
    const person = await insertEmployeeSignedIn(t);
    const answers = await Promise.all([putProfile(person.token, { preferences: { language: "jp" } }), putProfile(person.token, { preferences: { dark_mode: true } })]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const settings = await call(t, person.token, { method: "GET", url: "/api/user/settings" });
    expect(settings.json()).toEqual({ data: { language: "jp", dark_mode: true } });
  });

  it("keeps the columns hidden in each list, one list's choice replacing that list's only, even when sent at the same moment", async () => {
    const person = await insertEmployeeSignedIn(t);
    expect((await putProfile(person.token, { preferences: { hidden_columns: { users: ["email", "position"] } } })).statusCode).toBe(200);
    const answers = await Promise.all([
      putProfile(person.token, { preferences: { hidden_columns: { roles: ["description"] } } }),
      putProfile(person.token, { preferences: { language: "fr", hidden_columns: { users: ["email"] } } }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const settings = await call(t, person.token, { method: "GET", url: "/api/user/settings" });
    expect(settings.json()).toEqual({ data: { language: "fr", hidden_columns: { users: ["email"], roles: ["description"] } } });
  });

  it("refuses hidden columns that name no list or field (422 on the key)", async () => {
    const person = await insertEmployeeSignedIn(t);
    const response = await putProfile(person.token, { preferences: { hidden_columns: { users: ["DROP TABLE"] } } });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(["preferences.hidden_columns.users.0"]);
    expect((await call(t, person.token, { method: "GET", url: "/api/user/settings" })).json()).toEqual({ data: {} });
  });

  it("leaves the contact fields alone when only preferences are sent", async () => {
    const person = await insertEmployeeSignedIn(t);
    const before = await own(person.token);
    expect(before.phone).toBe("+1 555 0100");
    const response = await putProfile(person.token, { preferences: { dark_mode: true } });
    expect(response.statusCode).toBe(200);
    const after = await own(person.token);
    for (const field of ["first_name", "last_name", "phone", "address", "emergency_contact_name", "emergency_contact_phone"]) {
      expect(after[field], field).toEqual(before[field]);
    }
  });

  it("leaves the other contact fields alone when one is sent", async () => {
    const person = await insertEmployeeSignedIn(t);
    const before = await own(person.token);
    expect((await putProfile(person.token, { address: "3 New Road" })).statusCode).toBe(200);
    const after = await own(person.token);
    expect(after).toMatchObject({ address: "3 New Road", phone: before.phone, emergency_contact_name: before.emergency_contact_name });
  });

  it("clears a contact field sent as null or blank", async () => {
    const person = await insertEmployeeSignedIn(t);
    expect((await putProfile(person.token, { phone: null, address: "   " })).statusCode).toBe(200);
    expect(await own(person.token)).toMatchObject({ phone: null, address: null });
  });

  it.each([
    ["email", "me@elsewhere.example"],
    ["access_level", 0],
    ["base_rate", 99999999],
    ["bank_account", "123"],
    ["role_id", 1],
    ["is_active", true],
    ["employment_status", "active"],
    ["department", "Board"],
    ["password", "Sneaky123!x"],
  ])("refuses %s (422, not accepted here) and changes nothing", async (field, value) => {
    const person = await insertEmployeeSignedIn(t);
    const before = await own(person.token);
    const response = await putProfile(person.token, { phone: "+1 555 7777", [field]: value });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual(["This field is not accepted here"]);
    expect(await own(person.token)).toEqual(before);
  });

  it.each([
    [{ first_name: "  " }, "first_name"],
    [{ preferences: { language: "xx" } }, "preferences.language"],
    [{ preferences: { dark_mode: "yes" } }, "preferences.dark_mode"],
    [{ preferences: { theme_preset: "neon" } }, "preferences.theme_preset"],
    [{ preferences: { font: "big" } }, "font"],
    [{ phone: "9".repeat(41) }, "phone"],
  ])("refuses %j with 422 on %s", async (payload, field) => {
    const person = await insertEmployeeSignedIn(t);
    const response = await putProfile(person.token, payload);
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(response.json().errors)).toContain(field);
  });
});

describe("POST /api/me/profile/picture", () => {
  it("refuses an anonymous caller (401)", async () => {
    expect((await upload(null, picture(PNG_1X1))).statusCode).toBe(401);
  });

  it.each([
    ["a PNG", PNG_1X1, "me.png", "image/png", "image/png"],
    ["a JPEG", JPEG_TINY, "me.jpg", "image/jpeg", "image/jpeg"],
    ["a WebP", WEBP_TINY, "me.webp", "image/webp", "image/webp"],
    ["a JPEG that claims to be a PNG", JPEG_TINY, "me.png", "image/png", "image/jpeg"],
    ["a PNG sent as application/octet-stream", PNG_1X1, "blob", "application/octet-stream", "image/png"],
  ])("takes %s; the signed link serves it without a token, typed by content", async (_label, bytes, filename, claimed, served) => {
    const person = await insertEmployeeSignedIn(t);
    const response = await upload(person.token, picture(bytes, filename, claimed));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe("Your picture was updated.");
    const url = response.json().data.profile_picture_url as string;
    expect(url).toMatch(/^\/api\/files\/\d+\?expires=\d+&signature=[A-Za-z0-9_-]+$/);
    expect((await own(person.token)).profile_picture_url).toBe(url);

    const file = await fetchLink(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe(served);
    // Decoded and encoded again, in its own type and size.
    expect(await describeImage(file.rawPayload)).toMatchObject({ format: served.replace("image/", ""), width: bytes === PNG_1X1 ? 1 : 2 });
  });

  it("keeps a picture no larger than it is shown, upright and without its EXIF (a phone's GPS position)", async () => {
    const person = await insertEmployeeSignedIn(t);
    const response = await upload(person.token, picture(await makePicture(1600, 1200, "jpeg", true), "photo.jpg", "image/jpeg"));
    expect(response.statusCode, response.body).toBe(200);
    const kept = await describeImage((await fetchLink(response.json().data.profile_picture_url)).rawPayload);
    expect(kept).toEqual({ width: 256, height: 192, format: "jpeg", exif: false });
  });

  it("refuses an image that decodes to more pixels than the budget, however small the file (a decompression bomb), and keeps no picture", async () => {
    const person = await insertEmployeeSignedIn(t);
    const bomb = pngBomb(6000, 6000);
    expect(bomb.length).toBeLessThan(100_000);
    for (const [bytes, width, height] of [[bomb, 6000, 6000], [pngClaiming(13_000, 13_000), 13_000, 13_000]] as const) {
      const response = await upload(person.token, picture(bytes));
      expect(response.statusCode).toBe(422);
      const message = `This image is ${width} × ${height} pixels. Choose one of at most 25 million pixels (for example 5000 × 5000).`;
      expect(response.json()).toEqual({ message, errors: { file: [message] } });
    }
    expect((await own(person.token)).profile_picture_url).toBeNull();
  });

  it("refuses an image whose type is right but whose content does not decode (422)", async () => {
    const person = await insertEmployeeSignedIn(t);
    const response = await upload(person.token, picture(Buffer.concat([JPEG_TINY.subarray(0, 40), Buffer.alloc(20)]), "broken.jpg", "image/jpeg"));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.file).toEqual(["This image cannot be read. Save it again as JPEG, PNG or WebP and upload it."]);
  });

  it("accepts a picture of exactly 2 MB", async () => {
    const person = await insertEmployeeSignedIn(t);
    const bytes = Buffer.alloc(TWO_MB);
    JPEG_TINY.copy(bytes);
    const response = await upload(person.token, picture(bytes, "big.jpg", "image/jpeg"));
    expect(response.statusCode, response.body).toBe(200);
    const file = await fetchLink(response.json().data.profile_picture_url);
    expect(await describeImage(file.rawPayload)).toMatchObject({ width: 2, format: "jpeg" });
  });

  it("refuses a picture over 2 MB (422 on file, saying the limit)", async () => {
    const person = await insertEmployeeSignedIn(t);
    const bytes = Buffer.alloc(TWO_MB + 1);
    JPEG_TINY.copy(bytes);
    const response = await upload(person.token, picture(bytes, "huge.jpg", "image/jpeg"));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: "The picture is larger than 2 MB. Choose a smaller one.",
      errors: { file: ["The picture is larger than 2 MB. Choose a smaller one."] },
    });
    expect((await own(person.token)).profile_picture_url).toBeNull();
  });

  it("refuses a text file named .png and sent as image/png (422 on file)", async () => {
    const person = await insertEmployeeSignedIn(t);
    const response = await upload(person.token, picture(Buffer.from("this is not an image, just text\n"), "me.png", "image/png"));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.file).toEqual(["Upload a JPEG, PNG or WebP image."]);
    expect((await own(person.token)).profile_picture_url).toBeNull();
  });

  it.each([
    ["a GIF", Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1")],
    ["an SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ["a truncated PNG signature", PNG_1X1.subarray(0, 6)],
    ["a RIFF that is not WebP", Buffer.from("RIFF\x04\x00\x00\x00WAVEfmt ", "latin1")],
  ])("refuses %s (422 on file)", async (_label, bytes) => {
    const person = await insertEmployeeSignedIn(t);
    const response = await upload(person.token, picture(bytes));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.file).toEqual(["Upload a JPEG, PNG or WebP image."]);
  });

  it("refuses an empty file (422 on file)", async () => {
    const person = await insertEmployeeSignedIn(t);
    const response = await upload(person.token, picture(Buffer.alloc(0)));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty("file");
  });

  it("refuses a multipart body with no part at all (422 on file)", async () => {
    const person = await insertEmployeeSignedIn(t);
    const response = await upload(person.token, []);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.file).toEqual(["Choose a picture to upload."]);
  });

  it.each([
    ["two files", [...picture(PNG_1X1), ...picture(JPEG_TINY, "other.jpg", "image/jpeg")]],
    ["a file and a text field", [...picture(PNG_1X1), { name: "note", content: "hello" }]],
  ])("refuses %s in one upload, keeping the picture unchanged (422 on file)", async (_label, parts) => {
    const person = await insertEmployeeSignedIn(t);
    const response = await upload(person.token, parts);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({ message: "Upload one picture at a time.", errors: { file: ["Upload one picture at a time."] } });
    expect((await own(person.token)).profile_picture_url).toBeNull();
  });

  it("refuses a form with a text field instead of a file (422 on file)", async () => {
    const person = await insertEmployeeSignedIn(t);
    const response = await upload(person.token, [{ name: "file", content: "not a file" }]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty("file");
  });

  it("refuses a body that is not multipart (422 on file)", async () => {
    const person = await insertEmployeeSignedIn(t);
    const json = await call(t, person.token, { method: "POST", url: "/api/me/profile/picture", payload: { file: PNG_1X1.toString("base64") } });
    expect(json.statusCode).toBe(422);
    expect(json.json().errors.file).toEqual(["Choose a picture to upload."]);
    const raw = await call(t, person.token, { method: "POST", url: "/api/me/profile/picture", headers: { "content-type": "image/png" }, payload: PNG_1X1 });
    expect(raw.statusCode).toBeGreaterThanOrEqual(400);
    expect(raw.statusCode).toBeLessThan(500);
    expect((await own(person.token)).profile_picture_url).toBeNull();
  });

  it("replacing the picture deletes the old file: its link answers 404", async () => {
    const person = await insertEmployeeSignedIn(t);
    const first = (await upload(person.token, picture(PNG_1X1))).json().data.profile_picture_url as string;
    expect((await fetchLink(first)).statusCode).toBe(200);
    const second = (await upload(person.token, picture(JPEG_TINY, "me.jpg", "image/jpeg"))).json().data.profile_picture_url as string;
    expect(second).not.toBe(first);
    expect((await fetchLink(first)).statusCode).toBe(404);
    const fresh = await fetchLink(second);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers["content-type"]).toBe("image/jpeg");
  });

  it("others see the picture link on the person's record too", async () => {
    const person = await insertEmployeeSignedIn(t);
    const url = (await upload(person.token, picture(PNG_1X1))).json().data.profile_picture_url as string;
    const asAdmin = await call(t, admin, { method: "GET", url: `/api/users/${person.id}` });
    expect(asAdmin.json().data.profile_picture_url).toBe(url);
  });
});

describe("GET /api/files/{id}: signed links", () => {
  let url: string;
  let token: string;
  beforeAll(async () => {
    const person = await insertEmployeeSignedIn(t);
    token = person.token;
    url = (await upload(token, picture(PNG_1X1))).json().data.profile_picture_url;
  });

  const parts = () => {
    const parsed = new URL(url, "http://x");
    return { path: parsed.pathname, expires: parsed.searchParams.get("expires")!, signature: parsed.searchParams.get("signature")! };
  };

  it("refuses a tampered signature, a missing one, another expiry and another file id (403)", async () => {
    const { path, expires, signature } = parts();
    const flipped = (signature[0] === "A" ? "B" : "A") + signature.slice(1);
    const id = Number(path.split("/").pop());
    for (const link of [
      `${path}?expires=${expires}&signature=${flipped}`,
      `${path}?expires=${expires}&signature=${signature.slice(0, -1)}`,
      `${path}?expires=${expires}`,
      `${path}?signature=${signature}`,
      path,
      `${path}?expires=${Number(expires) + 3600}&signature=${signature}`,
      `/api/files/${id + 1}?expires=${expires}&signature=${signature}`,
      // The same number spelt otherwise is not the text that was signed.
      `${path}?expires=0${expires}&signature=${signature}`,
      `${path}?expires=${expires}.0&signature=${signature}`,
      `${path}?expires=%2B${expires}&signature=${signature}`,
      `${path}?expires=${expires}e0&signature=${signature}`,
    ]) {
      const response = await fetchLink(link);
      expect(response.statusCode, link).toBe(403);
      expect(response.json()).toEqual({ message: "This link has expired or is not valid. Reload the page to get a new one." });
    }
    // A bearer token does not stand in for the signature.
    expect((await call(t, token, { method: "GET", url: path })).statusCode).toBe(403);
  });

  it("refuses an expired link (403); the record then hands out a fresh one", async () => {
    expect((await fetchLink(url)).statusCode).toBe(200);
    t.clock.advanceMinutes(180);
    const expired = await fetchLink(url);
    expect(expired.statusCode).toBe(403);
    const fresh = (await own(token)).profile_picture_url!;
    expect(fresh).not.toBe(url);
    expect((await fetchLink(fresh)).statusCode).toBe(200);
    url = fresh;
  });
});

describe("PUT /api/me/change-password", () => {
  const NEW = "Brand-new9!";

  it("refuses an anonymous caller (401)", async () => {
    const response = await t.app.inject({ method: "PUT", url: "/api/me/change-password", payload: { current_password: "x", password: NEW, password_confirmation: NEW } });
    expect(response.statusCode).toBe(401);
  });

  it("refuses a wrong current password (422 on current_password) and keeps the old one", async () => {
    const person = await insertEmployeeSignedIn(t);
    const response = await call(t, person.token, {
      method: "PUT",
      url: "/api/me/change-password",
      payload: { current_password: "Wrong123!pass", password: NEW, password_confirmation: NEW },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ current_password: ["The current password is not correct"] });
    expect((await signIn(person.email, person.password)).statusCode).toBe(200);
  });

  it.each([
    ["too short", "Ab1!", "password", "This field should be at least 8 characters long"],
    ["no capital", "lowercase1!", "password", "Password must contain at least one uppercase letter"],
    ["no digit", "NoDigits!!", "password", "Password must contain at least one number"],
    ["no special character", "NoSpecial12", "password", "Password must contain at least one special character"],
  ])("refuses a password that is %s (422 on password)", async (_label, password, field, message) => {
    const person = await insertEmployeeSignedIn(t);
    const response = await call(t, person.token, {
      method: "PUT",
      url: "/api/me/change-password",
      payload: { current_password: person.password, password, password_confirmation: password },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toContain(message);
    expect((await signIn(person.email, person.password)).statusCode).toBe(200);
  });

  it("refuses a confirmation that differs, a missing field and an unknown field (422)", async () => {
    const person = await insertEmployeeSignedIn(t);
    const send = (payload: Record<string, unknown>) => call(t, person.token, { method: "PUT", url: "/api/me/change-password", payload });
    const mismatch = await send({ current_password: person.password, password: NEW, password_confirmation: "Other-new9!" });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toEqual(["Passwords must match"]);
    const missing = await send({ password: NEW, password_confirmation: NEW });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.current_password).toEqual(["Value is required"]);
    const extra = await send({ current_password: person.password, password: NEW, password_confirmation: NEW, user_id: 1 });
    expect(extra.statusCode).toBe(422);
    expect(extra.json().errors.user_id).toEqual(["This field is not accepted here"]);
  });

  it("changes the password: the new one signs in, this session stays, other sessions end", async () => {
    const person = await insertEmployeeSignedIn(t);
    const other = await t.tokenFor(person.email, person.password);
    // Both tokens were just used: the session cache holds both.
    expect((await call(t, person.token, { method: "GET", url: "/api/me" })).statusCode).toBe(200);
    expect((await call(t, other, { method: "GET", url: "/api/me" })).statusCode).toBe(200);

    const response = await call(t, person.token, {
      method: "PUT",
      url: "/api/me/change-password",
      payload: { current_password: person.password, password: NEW, password_confirmation: NEW },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: "Your password was changed. Other sessions were signed out." });

    expect((await call(t, person.token, { method: "GET", url: "/api/me" })).statusCode).toBe(200);
    expect((await call(t, other, { method: "GET", url: "/api/me" })).statusCode).toBe(401);
    expect((await signIn(person.email, person.password)).statusCode).toBe(422);
    expect((await signIn(person.email, NEW)).statusCode).toBe(200);
    // Someone else's sessions are not touched.
    expect((await call(t, admin, { method: "GET", url: "/api/me" })).statusCode).toBe(200);
  });
});

describe("PUT /api/me/change-password: guessing the current password", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("meets the sign-in limits: after 5 wrong current passwords from one address, 429 even for the right one", async () => {
    const token = await t.tokenFor("employee@example.com");
    const change = (current: string) =>
      t.app.inject({
        method: "PUT",
        url: "/api/me/change-password",
        headers: { authorization: `Bearer ${token}` },
        payload: { current_password: current, password: "N3w!Passw0rd", password_confirmation: "N3w!Passw0rd" },
        remoteAddress: "198.51.100.77",
      });
    for (let i = 0; i < 5; i++) expect((await change(`Wrong${i}!`)).statusCode).toBe(422);
    const refused = await change("Employee123!");
    expect(refused.statusCode).toBe(429);
    t.clock.advanceMinutes(16);
    expect((await change("Employee123!")).statusCode).toBe(200);
  });
});
