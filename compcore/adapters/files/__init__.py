"""Files in and out: season files, TRF, CSV, rating lists, the KNSB submission, calendars."""
