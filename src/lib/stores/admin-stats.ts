import { adminApi } from '../api/admin-client';
import type { ApiInput } from '../api/types';
import { saveTextFile } from '../save-file';
import { STATS_DEFAULT_DAYS, chinaDay, statsCsv, type StatsDay } from '../rules/operations';

/** The stats page's default range: the last 30 China-time days, today included. */
export function defaultStatsRange(now = new Date()): { from: string; to: string } {
  return { from: chinaDay(new Date(now.getTime() - (STATS_DEFAULT_DAYS - 1) * 86_400_000)), to: chinaDay(now) };
}

/** Saves the table as a CSV file (UTF-8 with BOM, so Excel shows the Chinese). */
export function downloadStatsCsv(days: readonly StatsDay[], from: string, to: string): void {
  saveTextFile(`经营报表_${from}_${to}.csv`, statsCsv(days));
}

/* The daily report. */
export const fetchStats = (input: ApiInput<'/admin/stats'>) => adminApi('/admin/stats', input);
