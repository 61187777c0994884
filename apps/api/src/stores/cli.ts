// Adds a shop to a deployment without SQL: `npm run shop -- add --domain shop.example.com --name
// "Corner Shop" --owner owner@example.com`; prints the links of a shop's table QR codes: `npm run
// shop -- tables restaurant.localhost`. Against PostgreSQL when DATABASE_URL is set, otherwise the
// embedded database under DATA_DIR (stop `npm start` first: one process holds it).
import { parseArgs } from "node:util";
import { localized } from "@stoa/contract";
import { ZodError } from "zod";
import { tableSheet } from "../dine-in/dining-tables.ts";
import { linkKeys } from "../orders/links.ts";
import { ConfigError, loadConfig } from "../platform/config.ts";
import { DataDirBusyError } from "../platform/db/data-dir-lock.ts";
import { type Database, openDatabase } from "../platform/db/database.ts";
import { storeOwnOrigin } from "../platform/http/context.ts";
import { addShop, ShopExistsError } from "./new-shop.ts";
import { findStoreByDomain } from "./service.ts";

const USAGE = `Usage: npm run shop -- add --domain <host> --name <shop name> --owner <email>
       [--owner-name <name>] [--vertical grocery|catering|restaurant|carparts|furniture]
       [--currency USD] [--timezone UTC] [--language en|ar|he] [--origin https://<host>]
       npm run shop -- tables <host> [--origin https://<host>]   (each active table's QR code link)`;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      domain: { type: "string" },
      name: { type: "string" },
      owner: { type: "string" },
      "owner-name": { type: "string" },
      vertical: { type: "string" },
      currency: { type: "string" },
      timezone: { type: "string" },
      language: { type: "string" },
      origin: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const command = positionals[0];
  if (values.help || (command !== "add" && !(command === "tables" && positionals[1]))) {
    console.log(USAGE);
    return values.help ? 0 : 1;
  }
  const config = loadConfig();
  const database = config.DATABASE_URL
    ? await openDatabase({
        kind: "postgres",
        url: config.DATABASE_URL,
        schema: config.DATABASE_SCHEMA,
        poolSize: 2,
      })
    : await openDatabase({ kind: "pglite", dataDir: `${config.DATA_DIR}/pglite` });
  try {
    await database.migrate();
    if (command === "tables") return await printTableLinks(database.db, positionals[1] ?? "", values.origin);
    const { store, invitation } = await addShop(database.db, {
      domain: values.domain ?? "",
      name: values.name ?? "",
      owner: values.owner ?? "",
      ...(values["owner-name"] ? { ownerName: values["owner-name"] } : {}),
      ...(values.vertical ? { vertical: values.vertical as never } : {}),
      ...(values.currency ? { currency: values.currency } : {}),
      ...(values.timezone ? { timezone: values.timezone } : {}),
      ...(values.language ? { language: values.language as never } : {}),
      ...(values.origin ? { origin: values.origin } : {}),
    });
    console.log(`Added shop ${store.id} at ${store.domain}.`);
    console.log(
      `Its owner's invitation was emailed to ${values.owner?.toLowerCase()}; the link, which works once for three days:`,
    );
    console.log(invitation);
    return 0;
  } finally {
    await database.close();
  }
}

/** Each active table of the shop with the address its QR code opens, one a line. */
async function printTableLinks(db: Database, domain: string, origin: string | undefined): Promise<number> {
  const store = await findStoreByDomain(db, domain);
  if (!store) {
    console.error(`No shop answers at ${domain}.`);
    return 1;
  }
  const sheet = await tableSheet(db, {
    storeId: store.id,
    storeName: localized(store.nameLocalizations, "en"),
    codeKey: (await linkKeys(db)()).tableCodes,
    origin: origin ?? storeOwnOrigin(store),
    tableIds: [],
  });
  if (sheet.codes.length === 0) console.log(`${sheet.storeName} has no active tables.`);
  for (const code of sheet.codes)
    console.log(`${code.name}${code.area ? ` (${code.area})` : ""}\t${code.url}`);
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof ZodError) {
    for (const issue of error.issues) console.error(`--${issue.path.join(".")}: ${issue.message}`);
    console.error(USAGE);
  } else if (
    error instanceof ShopExistsError ||
    error instanceof DataDirBusyError ||
    error instanceof ConfigError
  ) {
    console.error(error.message);
  } else throw error;
  process.exitCode = 1;
}
