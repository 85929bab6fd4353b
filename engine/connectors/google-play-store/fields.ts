// Installs overview report columns (https://support.google.com/googleplay/android-developer/answer/6135870#zippy=%2Cinstalls)
// and the reviews resource (https://developers.google.com/android-publisher/api-ref/rest/v3/reviews).
import { DateTime } from "luxon";
import { z } from "zod";
import { dimension, metric } from "../../core/field-defs.js";
import type { Account, FieldDef, Row } from "../../core/types.js";
import { numberOrString } from "../shared/answers.js";

/** Field id -> CSV column. */
export const INSTALL_COLUMNS: Record<string, string> = {
  daily_device_installs: "Daily Device Installs",
  daily_device_uninstalls: "Daily Device Uninstalls",
  daily_device_upgrades: "Daily Device Upgrades",
  daily_user_installs: "Daily User Installs",
  daily_user_uninstalls: "Daily User Uninstalls",
  install_events: "Install events",
  update_events: "Update events",
  uninstall_events: "Uninstall events",
  total_user_installs: "Total User Installs",
  active_device_installs: "Active Device Installs",
};

const pkg = dimension("package_name", "Package", "TEXT", "The app's package name.");

export const INSTALL_FIELDS: FieldDef[] = [
  dimension("date", "Date", "YEAR_MONTH_DAY", "Day (Pacific Time)."),
  pkg,
  metric("daily_device_installs", "Device installs", "NUMBER", "SUM", "Devices that installed the app that day."),
  metric("daily_device_uninstalls", "Device uninstalls", "NUMBER", "SUM", "Devices that uninstalled the app that day."),
  metric("daily_device_upgrades", "Device upgrades", "NUMBER", "SUM", "Devices that upgraded the app that day."),
  metric("daily_user_installs", "User installs", "NUMBER", "SUM", "Users who installed the app for the first time that day."),
  metric("daily_user_uninstalls", "User uninstalls", "NUMBER", "SUM", "Users who uninstalled the app from all their devices that day."),
  metric("install_events", "Install events", "NUMBER", "SUM", "Installs, including reinstalls."),
  metric("update_events", "Update events", "NUMBER", "SUM", "App updates."),
  metric("uninstall_events", "Uninstall events", "NUMBER", "SUM", "Uninstalls."),
  metric("total_user_installs", "Total user installs", "NUMBER", "MAX", "Cumulative unique users who installed the app (a level, not a flow)."),
  metric("active_device_installs", "Active devices", "NUMBER", "MAX", "Devices with the app installed and online in the last 30 days (a level)."),
];

export const REVIEW_FIELDS: FieldDef[] = [
  dimension("date", "Date", "YEAR_MONTH_DAY", "Day the review was last modified (Pacific Time)."),
  pkg,
  dimension("review_id", "Review ID", "TEXT", "The review's id."),
  dimension("author", "Author", "TEXT", "The reviewer's name."),
  dimension("text", "Text", "TEXT", "The review text."),
  dimension("language", "Language", "TEXT", "The reviewer's language (BCP 47)."),
  dimension("app_version", "App version", "TEXT", "Version name of the app the reviewer had."),
  dimension("replied", "Replied", "BOOLEAN", "Whether the developer replied."),
  metric("reviews", "Reviews", "NUMBER", "SUM", "Number of reviews."),
  metric("star_rating", "Star rating", "NUMBER", "AVG", "Star rating, 1 to 5."),
];

export const REPORTS = [
  { id: "installs", name: "Installs", description: "Daily installs, uninstalls and upgrades per app from the Play Console installs report." },
  { id: "reviews", name: "Reviews", description: "Reviews of the last seven days (the Play Developer API's limit) with their rating." },
];

/** A review as reviews.list answers it; lastModified.seconds is an int64, sent as a string. */
export const playReview = z.object({
  reviewId: z.string(),
  authorName: z.string().nullish(),
  comments: z
    .array(
      z.object({
        userComment: z
          .object({
            text: z.string().nullish(),
            lastModified: z.object({ seconds: numberOrString.nullish() }).nullish(),
            starRating: z.number().nullish(),
            reviewerLanguage: z.string().nullish(),
            appVersionName: z.string().nullish(),
          })
          .nullish(),
        developerComment: z.object({ text: z.string().nullish() }).nullish(),
      }),
    )
    .nullish(),
});
export type PlayReview = z.infer<typeof playReview>;

export function reviewRecord(r: PlayReview, account: Account): Row {
  const user = r.comments?.find((c) => c.userComment)?.userComment;
  const seconds = Number(user?.lastModified?.seconds);
  return {
    date: Number.isFinite(seconds) ? DateTime.fromSeconds(seconds, { zone: account.timezone }).toISODate() : null,
    package_name: account.id,
    review_id: r.reviewId,
    author: r.authorName ?? null,
    text: user?.text?.trim() ?? null,
    language: user?.reviewerLanguage ?? null,
    app_version: user?.appVersionName ?? null,
    replied: Boolean(r.comments?.some((c) => c.developerComment)),
    reviews: 1,
    star_rating: user?.starRating ?? null,
  };
}
