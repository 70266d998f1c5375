import Bowser from 'bowser';

/** True for phone and tablet browsers (SPEC §2: they are sent to the mobile site). */
export function isHandheld(userAgent: string | null | undefined): boolean {
  if (!userAgent) return false;
  const type = Bowser.getParser(userAgent).getPlatformType(true);
  return type === 'mobile' || type === 'tablet';
}
