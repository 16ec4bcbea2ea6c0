/**
 * The sign-in address of an organization: its sub-domain on the console's own host (spec console
 * §9: "the sub-domain is the organization name plus the product's domain").
 */
export function subdomainUrl(
  subdomain: string,
  currentSubdomain: string,
  loc: Pick<Location, 'protocol' | 'host'>,
) {
  const labels = loc.host.split('.');
  const base = labels.length > 1 && labels[0] === currentSubdomain ? labels.slice(1).join('.') : loc.host;
  return `${loc.protocol}//${subdomain}.${base}`;
}
