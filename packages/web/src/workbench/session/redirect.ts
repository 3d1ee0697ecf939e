import { authPath, SIGN_IN_PATH } from "../router/routes";

/** A private call answered 401: leave for the sign-in page, which brings the visitor back here. */
export function redirectToSignIn(): void {
  location.replace(authPath(SIGN_IN_PATH, location.pathname + location.search));
}
