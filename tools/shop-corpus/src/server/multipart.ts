/**
 * The text fields of a multipart/form-data body (platform themes post their add-to-cart forms so):
 * each part's `name` and value, as an urlencoded form would give them. File parts are skipped.
 */
export const multipartFields = (body: string, contentType: string): URLSearchParams => {
  const fields = new URLSearchParams();
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) return fields;
  for (const part of body.split(`--${marker}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const headers = part.slice(0, split);
    const name = /content-disposition:[^\r\n]*\bname="([^"]*)"/i.exec(headers)?.[1];
    if (name === undefined || /\bfilename="/i.test(headers)) continue;
    fields.append(name, part.slice(split + 4).replace(/\r\n$/, ''));
  }
  return fields;
};
