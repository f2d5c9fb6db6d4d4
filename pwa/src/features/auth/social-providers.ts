import { api } from '../../api/client.ts';

/** What the server offers (GET /api/auth/providers): Google on/off, and the public Facebook app id. */
export type AuthProviders = { google: boolean; facebookAppId: string | null };

let providers: Promise<AuthProviders> | null = null;

/**
 * Asked once per page load. Rejects when the server could not be asked (offline, an error): then
 * nothing is known about the providers, which is not the same as "not configured".
 */
export function authProviders(): Promise<AuthProviders> {
  providers ??= api<AuthProviders>('/api/auth/providers').catch((err: unknown) => {
    providers = null;
    throw err;
  });
  return providers;
}

type FacebookLoginResponse = { status?: string; authResponse?: { accessToken?: string } | null };
type FacebookSdk = {
  init(opts: { appId: string; version: string; cookie: boolean; xfbml: boolean }): void;
  login(cb: (r: FacebookLoginResponse) => void, opts: { scope: string }): void;
};

let sdk: Promise<FacebookSdk> | null = null;

/**
 * Loads the Facebook JavaScript SDK as an external script (the CSP allows its origin only when the
 * server has a Facebook app configured), once.
 */
function loadFacebookSdk(appId: string): Promise<FacebookSdk> {
  sdk ??= new Promise<FacebookSdk>((resolve, reject) => {
    const w = window as unknown as { FB?: FacebookSdk; fbAsyncInit?: () => void };
    w.fbAsyncInit = () => {
      w.FB!.init({ appId, version: 'v19.0', cookie: false, xfbml: false });
      resolve(w.FB!);
    };
    const script = document.createElement('script');
    script.src = 'https://connect.facebook.net/ro_RO/sdk.js';
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.onerror = () => {
      sdk = null;
      script.remove();
      reject(new Error('Facebook SDK unavailable'));
    };
    document.head.append(script);
  });
  return sdk;
}

/** Facebook's login dialog: the user access token, or null when the person cancelled. */
export async function facebookAccessToken(appId: string): Promise<string | null> {
  const fb = await loadFacebookSdk(appId);
  return new Promise((resolve) => {
    fb.login((r) => resolve(r.authResponse?.accessToken ?? null), { scope: 'email,public_profile' });
  });
}
