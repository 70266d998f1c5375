/** What the browser needs to show the captcha (SPEC §5: "host and token fetched from the server"). */
export interface CaptchaConfig {
  /** `altcha` (self-hosted proof of work) or `verify5` (remote slider). */
  provider: string;
  host: string;
  token: string;
}

/** A captcha: hands out a config, verifies what the browser returns, each pass usable once. */
export interface CaptchaProvider {
  readonly name: string;
  config(): Promise<CaptchaConfig>;
  /** True when `answer` is a fresh, unspent pass. Never throws for bad input. */
  verify(answer: string, ip: string): Promise<boolean>;
}
