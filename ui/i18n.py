"""English and German UI text: two small dict catalogues and a :class:`Translator`.

``T = Translator("de"); T("coins")`` -> ``"Münzen"``; ``T("level_n", n=3)`` fills ``{n}``. A key
missing in German falls back to English, a key missing everywhere shows the key itself (tests
check both catalogues have the same keys). Never bound to ``_``.

Game terms (floors, paths, decors, corners, features, tiles, categories) and the engine's reasons
and problems are worded by :mod:`zengarden.wording` (``T.words``), the one source the command line
and the exports use too.
"""

from __future__ import annotations

import errno
import logging
from dataclasses import dataclass, field
from typing import Any

from scorer.errors import NotationError, Problem
from scorer.explain import Reason
from scorer.tiles import Feature
from scorer.vocab import Corner, Decor, FeatureKind, Floor, PathMaterial
from zengarden import wording

log = logging.getLogger(__name__)

LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch"}

EN: dict[str, str] = {
    "title": "Zen Garden Scorer",
    "language": "Language",
    "new_game": "New game",
    "data_dir": "Data folder: {path}",
    "tab_setup": "Setup",
    "tab_gardens": "Gardens",
    "tab_missions": "Missions",
    "tab_results": "Results",
    "tab_history": "History",
    # setup
    "players_count": "Players",
    "player_name": "Player {n}",
    "colour": "Colour",
    "names_unique": "Two players have the same name — names must be unique.",
    "boards_title": "Preference boards",
    "level": "Level",
    "level_n": "Level {n} (boards 1–{n})",
    "custom_boards": "Any combination of boards",
    "boards": "Boards",
    "no_boards": "Choose at least one board.",
    "no_board1": "Board 1 is not in play — the rulebook always includes it. Scoring still works.",
    "board1_emperor": "**Board 1 — Emperor tiles**",
    "mission_emperor": "**Mission {n} (board {board}) — two Emperor tiles**",
    "feature_n": "Feature {n}",
    "feature_twice": "{feature} is chosen twice; each Emperor tile exists once.",
    "space.minor": "Minor preference (1 point per tile)",
    "space.major": "Major preference (2 points per tile)",
    "space.majority": "Majority (8 / 4)",
    "space.detail": "Attention to detail",
    "import_title": "Import a game file",
    "import_file": "Game file (JSON)",
    "import_not_json": "This file is not a JSON game file ({why}).",
    "import_not_text": "it is not UTF-8 text",
    "import_bad_json": "its JSON is broken at line {line}, column {column}",
    "import_unreadable": "it cannot be read as JSON",
    "import_not_object": "A game file is a JSON object with boards, preferences, missions and players.",
    # gardens
    "coins": "Coins left",
    "use_camera": "Use the camera",
    "take_photo": "Photograph the finished garden from above, close enough that it fills most of the photo",
    "garden_small": "The garden fills little of this photo: one taken closer, the 16 tiles filling most of it, "
                    "is read more surely.",
    "upload_photo": "Photo of the garden (JPEG, PNG, HEIC)",
    "photo_load_error": "This photo could not be used: {why}. Pick or take another photo, or enter the tiles by "
                        "hand below.",
    "photo_problem_not_found": "the file is not there",
    "photo_problem_not_a_file": "that is not a file",
    "photo_problem_file_too_large": "the file is too large",
    "photo_problem_cannot_read": "the file cannot be read",
    "photo_problem_bad_source": "that is not a photo file",
    "photo_problem_empty": "the file is empty",
    "photo_problem_too_many_pixels": "the photo is too large (too many megapixels)",
    "photo_problem_no_pixels": "the image has no pixels",
    "photo_problem_corrupt": "the file is corrupt or cut off",
    "photo_problem_not_an_image": "it is not a supported image (JPEG, PNG, WebP or HEIC)",
    "photo_problem_unreadable": "the image cannot be decoded",
    "reading": "Reading the garden…",
    "grid_not_found": "No garden found in this photo. Click the garden's four corners below, take the photo again "
                      "from straight above, or enter the tiles by hand.",
    "reading_unavailable": "Photos cannot be read now: {why}. Enter the tiles by hand below; the photo stays here.",
    "reader_not_installed": "photo reading is not installed in this app",
    "reader_not_loaded": "the photo reader could not be loaded (its model file is missing or damaged; reinstalling "
                         "the app brings it back)",
    "reader_copy_not_loaded": "the model of your copy could not be loaded; “{reset}” under “{section}” in the "
                              "sidebar reads with the bundled model again",
    "read_error": "The photo could not be read. Click the garden's four corners below, take the photo again from "
                  "straight above, or enter the tiles by hand.",
    "joint_no_garden": "The photos could not be read together: no garden found in {name}'s photo. Click the four "
                       "corners of {name}'s garden on its photo, then try again; every garden stays as it was.",
    "joint_photo_failed": "The photos could not be read together: {name}'s photo could not be read. Click the four "
                          "corners of {name}'s garden on its photo, then try again; every garden stays as it was.",
    "joint_failed": "The photos could not be read together; every garden stays as it was. Check each photo's "
                    "outline (click the four corners where it is wrong), then try again.",
    "read_ok": "Garden read. Please check the {n} tile(s) marked ⚠ (red).",
    "read_ok_clean": "Garden read. Compare the tiles with the photo and correct anything wrong.",
    "game": "Game",
    "outline_unsure": "The reader is not sure it found the garden's outline: please check it below.",
    "search_stopped": "It stopped looking after a few seconds rather than keep you waiting: if the outline is off, "
                      "click the four corners.",
    "outline_check": "Is the outline right? The yellow grid should lie exactly on the 16 tiles. If it does, "
                     "confirm; if not, click the four outer corners of the tiles below.",
    "outline_yes": "Yes, the outline is right",
    "photo_caption": "Detected grid (red = please check)",
    "compare_caption": "Each cell: photo (left) and the tile as read (right)",
    "corners_title": "Outline wrong? Click the four corners",
    "corners_help": "Click the garden's four outer corners (any order; near is enough, the outline snaps onto the "
                    "tiles). The garden is read again from them.",
    "clicks_so_far": "{n} of 4 corners clicked",
    "clear_clicks": "Clear clicks",
    "garden_editor_title": "**Tiles** — correct any cell",
    "cell": "Cell",
    "check_help": "⚠ = low confidence or the same tile appears twice",
    "confidence": "Sure",
    "attr.floor": "Floor",
    "attr.path": "Path",
    "attr.decor": "Decor",
    "attr.corner": "Path corner",
    "cells_missing": "{n} cell(s) not entered yet: {cells}",
    "corrected_cells": "Corrected: {cells}",
    "review_hint": "{cell} could be: {options}",
    "review_floor_colour": "{cell}: its colour is that of the {what} tiles in this photo",
    "colour_like_floor": "the colour of those tiles in the photo",
    "colour_like_path": "the colour of those paths in the photo",
    "colour_like_tile": "as the tile reads alone",
    "review_tile_colour": "{cell}: read by the colours of the other tiles in this photo; alone it reads {what}",
    "review_path_colour": "{cell}: its path has the colour of the {what} paths in this photo",
    "review_figure": "{cell}: its figure looks unlike the other {what} tiles in this photo: check its decor",
    "figures_unfamiliar": "{n} figures ({cells}) look unlike the other tiles read as the same decor: the "
                          "reader may not know this copy's art. Check those decors, or teach it your copy "
                          "(“{page}”) so that it reads your tiles.",
    "beyond_photo": "Part of the garden lies outside the photo ({cells}): those tiles were read from part "
                    "of their picture. Check them, or take the photo again with the whole garden in it.",
    "read_jointly": "Read all photos together",
    "read_jointly_help": "Reads every garden again at once, using that each tile exists only once. Your "
                         "corrections and the tiles you confirmed as read are kept.",
    "garden_caption": "The garden as entered",
    "type_garden": "Type or paste the whole garden",
    "type_garden_help": "16 tiles floor/path/decor/corner, row by row, e.g. water/stone/gate/se",
    "apply": "Apply",
    "clear_garden": "Clear garden",
    "notation_error": "Could not use this text: {error}",
    "notation_unreadable": "it could not be read as 16 tiles floor/path/decor/corner, row by row; check the "
                           "text and try again",
    "conflict": "Tile {tile} is entered twice ({where}). Each tile exists once — one of them is wrong.",
    "conflict_photo": "Tile {tile} appears twice ({where}) — likely a misread. Please check these cells.",
    # gardens: tapping the garden
    "whose_garden": "Whose garden",
    "tap_hint": "Tap a cell to fix it (red = please check, green = changed).",
    "tap_hint_empty": "Tap a cell to enter its tile; the next empty cell follows.",
    "swap_hint": "Tap the cell to swap {cell} with.",
    "cancel": "Cancel",
    "close": "Close",
    "not_entered": "not entered yet",
    "cell_photo": "Photo",
    "cell_entered": "As entered",
    "could_be": "Or is it…",
    "also_at": "also at {where}",
    "right_as_read": "Right as read",
    "turn": "Turn",
    "swap_with": "Swap with…",
    "other_tile": "Other tile…",
    "pick.floor": "**Floor?**",
    "pick.path": "**Path?**",
    "pick.decor": "**Decor?**",
    "pick.corner": "**Which corner does the path wrap?**",
    "all_used": "Every tile with this is already used in this game.",
    "back": "Back",
    "cell_set": "{cell} is now {tile}.",
    "cells_swapped": "{a} and {b} swapped.",
    "cell_checked": "{cell} confirmed as read.",
    "table_editor": "Table (for keyboards)",
    "photo_shown": "Photo with the detected grid",
    "camera_needs_https": "The in-page camera needs HTTPS: use the photo picker above (on a phone it offers "
                          "the camera), or start the app with scripts/serve_https.sh.",
    # missions
    "no_missions": "No missions in play (boards 4 and 5 are not selected).",
    "mission_title": "**Mission {n}:** {features}",
    "mission_pick_features": "Choose the mission's two Emperor tiles in Setup first.",
    "mission_dropped": "No longer qualifies and was removed from the order: {names}",
    "mission_nobody": "Nobody's garden completes this mission.",
    "mission_gardens_first": "Enter every garden first to see who qualifies. Order so far: {order}",
    "mission_order": "Order of completion (first = 5, second = 3, third = 1)",
    "mission_order_help": "Pick the players in the order they completed the mission during the game.",
    "mission_needs": "Needs {n} × {first} and {n} × {second} in one garden.",
    "mission_places": "Places: {places}",
    "mission_place": "{ordinal} {name} → {points}",
    # results
    "not_ready": "Not ready to score yet. Still missing:",
    "invalid_game": "This game cannot be scored:",
    "winner": "🏆 Winner: {names}",
    "winners": "🏆 Shared victory: {names}",
    "tie_break": "Tie-break: {reason}",
    "totals": "Totals",
    "why_title": "Why these points?",
    "player": "Player",
    "category": "Category",
    "why_caption": "Tiles that earned this category (green)",
    "all_reasons": "All categories for this player",
    "dispute_title": "Dispute check — compare a claimed score",
    "claimed_total": "Claimed total",
    "claim_by_category": "Enter the claim per category",
    "dispute_agrees": "The claim agrees with the computed score ({total}).",
    "dispute_gap": "Claimed {claimed}, computed {computed} ({gap}).",
    "dispute_diff": "- **{category}**: claimed {claimed}, computed {computed} — {reason}",
    "dispute_candidates": "Categories that could explain the difference:",
    "save_title": "Save and share",
    "save_game": "Save to history",
    "save_changes": "Save changes to history",
    "saved": "Saved as game #{id}.",
    "examples_kept": "{n} photo(s) kept as examples for this copy.",
    "export_json": "Game file",
    "export_csv": "Score sheet CSV",
    "export_png": "Score sheet image",
    "summary_help": "Summary for the group chat (copy with the button at its top right, or select the text):",
    "bgstats": "Send to BG Stats",
    # history
    "history_empty": "No saved games yet.",
    "date": "Date",
    "result": "Scores",
    "winner_col": "Winner",
    "choose_game": "Game",
    "reopen": "Reopen",
    "rescore": "Re-score",
    "delete": "Delete",
    "rescored": "Re-scored: {totals}",
    "stats_title": "Players",
    "games": "Games",
    "wins": "Wins",
    "average": "Average",
    "best": "Best",
    # recognition
    "improve_title": "Improve recognition for my copy",
    "keep_examples": "Keep corrected photos as examples (stored only in the data folder)",
    "examples_count": "{n} example photo(s) kept",
    "model_in_use": "Model in use: {model}",
    "bundled_model": "bundled",
    "training_unavailable": "Retraining becomes available when the vision training module is installed.",
    "retrain": "Retrain from my photos",
    "training": "Training…",
    "training_failed": "The model could not be retrained: {why}",
    "training_problem_photo": "the photo of the {floor} floor under “{section}” cannot be used — {why}",
    "training_problem_model": "the recognition model could not be loaded; reinstall the app, then try again",
    "training_problem_unavailable": "a part of the photo reader is not installed",
    "training_problem_unexpected": "the kept photos could not be used for training. Save another scored game "
                                   "with “{keep}” switched on, then try again; the model in use is unchanged.",
    "training_done": "Done — the new model is used from now on.",
    "reset_model": "Reset to the bundled model",
    # 'Teach it my copy' (ui/enrol_page.py)
    "enrol_title": "Teach it my copy",
    "enrol_board_step": "1. Optional: photograph the empty board from above.",
    "enrol_board_photo": "Photo of the empty board",
    "enrol_board_unused": "The board photo is not used: {why}",
    "enrol_lay_out": "2. Lay all 15 tiles of one floor on the board in any order and turns, and any one tile of "
                     "another floor in the last space; photograph the 16 tiles from above. One photo per floor.",
    "enrol_floor": "Floor in the photo",
    "enrol_upload": "Photo of its 15 tiles + one other",
    "enrol_check": "Check the labels",
    "enrol_checking": "Finding the tiles in each photo and deciding their labels …",
    "enrol_unsure": "unsure of {cells}",
    "enrol_all_placed": "all tiles placed",
    "enrol_outline": "The reader is not sure it found the 16 tiles in this photo: if its table looks wrong, tap "
                     "the four corners of the tiles below, or take the photo again from straight above.",
    "enrol_corners_title": "The tiles are not where the reader put them? Tap the four corners",
    "enrol_corners_help": "The grid drawn is where the reader put the 16 tiles. Tap the four outer corners of the "
                          "16 tiles (any order); their labels are then decided again.",
    "enrol_taps_so_far": "{n} of 4 corners tapped",
    "enrol_clear_taps": "Clear taps",
    "enrol_outline_tapped": "The outline was taken from your taps; the labels were decided again from it.",
    "enrol_corners_not_kept": "The corners could not be kept: {why}. Your taps stay; once the data folder can be "
                              "written, they are kept at your next tap (or clear them and tap again).",
    "enrol_corners_unusable": "This photo cannot be shown to tap its corners: {why}",
    "enrol_tap_hint": "Each tile sits at its path (row) and decor (column); the yellow mark is the corner its path "
                      "wraps. Tap a tile, then another to swap them, or the same tile again to turn it.",
    "enrol_picked": "Picked: {tile}. Tap another tile to swap them, or this one again to turn it.",
    "enrol_swapped": "Swapped {a} and {b}.",
    "enrol_turned": "Turned {tile}.",
    "enrol_name": "Name of this copy",
    "enrol_default_name": "Our copy",
    "enrol_name_needed": "Give the copy a name (at most {n} characters).",
    "enrol_build": "Build my copy model",
    "enrol_building": "Building the model of your copy",
    "enrol_build_failed": "The model could not be built: {error}",
    "enrol_built": "The model of “{name}” reads every photo from now on.",
    "enrol_knows_light": "It learnt your floors' colours: each garden's light is read from them.",
    "enrol_knows_no_light": "Your floor photos did not show one board, so it could not learn your floors' colours "
                            "in one light; it reads the light as before.",
    "enrol_knows_board": "It learnt your board from {n} photo(s): a garden it is unsure of is placed on it.",
    "enrol_knows_marks": "It finds your board by its printed marks (the numbers of the coin track and the like): in "
                         "{k} of your {n} photos. A garden it is unsure of is placed where they are.",
    "enrol_few_marks": "Your board shows too few distinct printed marks to be found by them (in none of your {n} "
                       "photos: a plain board, or one shape repeated); a garden it is unsure of is placed by the "
                       "board's look alone.",
    "enrol_copy_in_use": "Model that reads the photos",
    "enrol_photo_failed": "The photo of the {floor} floor cannot be used: {why}",
    "enrol_check_failed": "The labels could not be checked: {why}",
    "enrol_fix_not_saved": "The fix could not be saved; it still counts in this session and for the build.",
    # what vision.enrol.EnrolError's codes mean (an image problem is worded as photo_problem_*)
    "enrol_problem_unknown_floor": "there is no such floor",
    "enrol_problem_no_photos": "there is no floor photo yet",
    "enrol_problem_photo_not_found": "the photo is no longer there: take it again",
    "enrol_problem_photo_twice": "the same photo is given for two floors",
    "enrol_problem_bad_sidecar": "its saved outline or labels cannot be read: take the photo again",
    "enrol_problem_no_garden": "no tiles found: photograph the 16 tiles on the board from straight above",
    "enrol_problem_board_not_found": "its 16 spaces were not found: photograph the bare board from straight above",
    "enrol_problem_board_unsure": "its 16 spaces were not found surely: photograph the bare board from straight "
                                  "above, in even light",
    "enrol_problem_bad_option": "a setting is out of range",
    "enrol_problem_file": "a file could not be read or written",
    "enrol_problem_unexpected": "the photos could not be processed; take them again from straight above "
                                "in good light and try again",
    "enrol_model_unavailable": "The recognition model could not be loaded, so the photos cannot be checked and no "
                               "model can be built now. Your photos and labels are kept; reinstall the app (its "
                               "model file is missing or damaged), then try again.",
    "enrol_photo_not_kept": "The photo “{name}” ({what}) could not be kept: {why}. The photos kept before are "
                            "unchanged; once the data folder can be written, this one is kept at your next tap "
                            "(or add it again).",
    "enrol_what_board": "the empty board",
    "enrol_what_floor": "the {floor} floor",
    # why a file in the data folder could not be written (ui.i18n.Translator.file_problem)
    "file_problem_full": "the disk is full",
    "file_problem_read_only": "the data folder is read-only",
    "file_problem_denied": "the app may not write to the data folder",
    "file_problem_other": "a file in the data folder could not be read or written",
    "settings_not_saved": "This setting could not be saved ({why}); it applies in this session only.",
    "photo_not_stored": "The photo is used, but its copy could not be stored ({why}): after a reload it has to be "
                        "added again.",
    "save_failed": "The game could not be saved to the history ({why}). What you entered stays here; try again "
                   "once the data folder can be written.",
    "examples_not_kept": "The photos could not be kept as examples ({why}); the game itself is saved.",
    "history_unavailable": "The saved games cannot be shown ({why}).",
    "change_not_stored": "That could not be done ({why}); nothing was changed.",
    "autosave_failed": "Autosave failed ({why}). What you entered stays on this page; saving is tried again with "
                       "your next tap.",
    "draft_not_storable": "this game's entries are not in a form that can be stored",
    # one game per link, drafts, undo, what an action did
    "game_link": "Game {id}: open this link on another phone to enter gardens together.",
    "new_game_started": "New game started. The previous game is kept under History → Unfinished games.",
    "imported": "Imported {file} as a new game ({n} players). The previous game is kept under History → "
                "Unfinished games.",
    "import_photos_skipped": "{file} gives gardens as photos ({names}); photos are not imported with the file: "
                             "add each photo on the Gardens tab.",
    "import_problems": "Imported with {n} problem(s): the Results tab lists them.",
    "reopened": "Saved game #{id} reopened as a new game.",
    "resumed": "Continuing game {id}.",
    "synced": "Updated with changes made on another device.",
    "legacy_imported": "Your earlier unsaved game was kept as game {id} (History → Unfinished games).",
    "draft_unreadable": "Game {id} could not be opened ({why}); a new game was started.",
    "draft_problem_damaged": "its stored entries are damaged",
    "draft_problem_version": "it was stored by another version of the app",
    "drafts_unavailable": "Unfinished games cannot be stored ({why}). This game stays on this page and is stored "
                          "once the data folder can be written.",
    "drafts_not_shown": "The unfinished games cannot be shown ({why}).",
    "edit_conflict": "{who}: {what} was changed on another device at the same time; that version was kept.",
    "edit_conflict_setup": "Setup: {what} was changed on another device at the same time; that version was kept.",
    "edit_field.name": "the name",
    "edit_field.colour": "the colour",
    "edit_field.coins": "the coins",
    "edit_field.garden": "the garden (cells {detail})",
    "edit_field.photo": "the photo and garden",
    "edit_field.player": "the player (added or removed)",
    "edit_field.boards": "the boards",
    "edit_field.preference": "the Emperor tile for {detail}",
    "edit_field.mission": "mission {detail}",
    "edit_field.saved_game": "the saved game it belongs to",
    "drafts_title": "Unfinished games",
    "drafts_empty": "No other unfinished games.",
    "choose_draft": "Unfinished game",
    "draft_row": "{id} · {date} · {names} · {done}/{n} gardens",
    "draft_problem": "{id} cannot be opened: {problem}",
    "resume": "Resume",
    "discard": "Discard",
    "confirm_discard": "Discard unfinished game {id}? This cannot be undone.",
    "yes_discard": "Yes, discard",
    "draft_discarded": "Unfinished game {id} discarded.",
    "saved_games_title": "Saved games",
    "confirm_delete": "Delete saved game #{id}? This cannot be undone.",
    "yes_delete": "Yes, delete",
    "game_deleted": "Saved game #{id} deleted.",
    "undo": "Undo",
    "undo_help": "Put {name}'s garden back as it was before the last change",
    "garden_restored": "{name}'s garden is back as it was before the last change.",
    "garden_cleared": "{name}'s garden cleared. Undo brings it back.",
    # missing items
    "missing.preference": "Board 1: Emperor tile for {what}",
    "missing.mission": "Mission {what}: two Emperor tiles",
    "missing.garden": "{who}: tiles {what}",
    "board.1": "1 Basics",
    "board.2": "2 Unity",
    "board.3": "3 Minimalistic",
    "board.4": "4 Two missions",
    "board.5": "5 One mission",
    "colour.blue": "blue",
    "colour.yellow": "yellow",
    "colour.green": "green",
    "colour.red": "red",
    "blank": "— choose —",
}

DE: dict[str, str] = {
    "title": "Zen Garden Punktezähler",
    "language": "Sprache",
    "new_game": "Neues Spiel",
    "data_dir": "Datenordner: {path}",
    "tab_setup": "Aufbau",
    "tab_gardens": "Gärten",
    "tab_missions": "Aufträge",
    "tab_results": "Wertung",
    "tab_history": "Verlauf",
    "players_count": "Spieler",
    "player_name": "Spieler {n}",
    "colour": "Farbe",
    "names_unique": "Zwei Spieler haben denselben Namen — Namen müssen verschieden sein.",
    "boards_title": "Vorliebentafeln",
    "level": "Stufe",
    "level_n": "Stufe {n} (Tafeln 1–{n})",
    "custom_boards": "Beliebige Tafeln",
    "boards": "Tafeln",
    "no_boards": "Mindestens eine Tafel wählen.",
    "no_board1": "Tafel 1 ist nicht im Spiel — laut Regel ist sie immer dabei. Gewertet wird trotzdem.",
    "board1_emperor": "**Tafel 1 — Kaiserplättchen**",
    "mission_emperor": "**Auftrag {n} (Tafel {board}) — zwei Kaiserplättchen**",
    "feature_n": "Merkmal {n}",
    "feature_twice": "{feature} ist doppelt gewählt; jedes Kaiserplättchen gibt es nur einmal.",
    "space.minor": "Kleine Vorliebe (1 Punkt je Plättchen)",
    "space.major": "Große Vorliebe (2 Punkte je Plättchen)",
    "space.majority": "Mehrheit (8 / 4)",
    "space.detail": "Liebe zum Detail",
    "import_title": "Spieldatei importieren",
    "import_file": "Spieldatei (JSON)",
    "import_not_json": "Das ist keine JSON-Spieldatei ({why}).",
    "import_not_text": "sie ist kein UTF-8-Text",
    "import_bad_json": "ihr JSON ist in Zeile {line}, Spalte {column} fehlerhaft",
    "import_unreadable": "sie lässt sich nicht als JSON lesen",
    "import_not_object": "Eine Spieldatei ist ein JSON-Objekt mit boards, preferences, missions und players.",
    "coins": "Übrige Münzen",
    "use_camera": "Kamera verwenden",
    "take_photo": "Den fertigen Garten von oben fotografieren, so nah, dass er den größten Teil des Fotos füllt",
    "garden_small": "Der Garten füllt nur wenig von diesem Foto: ein näher aufgenommenes, auf dem die 16 Plättchen "
                    "den größten Teil füllen, wird sicherer gelesen.",
    "upload_photo": "Foto des Gartens (JPEG, PNG, HEIC)",
    "photo_load_error": "Dieses Foto ist nicht verwendbar: {why}. Ein anderes Foto wählen oder aufnehmen, oder die "
                        "Plättchen unten von Hand eingeben.",
    "photo_problem_not_found": "die Datei ist nicht vorhanden",
    "photo_problem_not_a_file": "das ist keine Datei",
    "photo_problem_file_too_large": "die Datei ist zu groß",
    "photo_problem_cannot_read": "die Datei kann nicht gelesen werden",
    "photo_problem_bad_source": "das ist keine Fotodatei",
    "photo_problem_empty": "die Datei ist leer",
    "photo_problem_too_many_pixels": "das Foto ist zu groß (zu viele Megapixel)",
    "photo_problem_no_pixels": "das Bild hat keine Pixel",
    "photo_problem_corrupt": "die Datei ist beschädigt oder unvollständig",
    "photo_problem_not_an_image": "kein unterstütztes Bildformat (JPEG, PNG, WebP oder HEIC)",
    "photo_problem_unreadable": "das Bild lässt sich nicht dekodieren",
    "reading": "Garten wird gelesen…",
    "grid_not_found": "Kein Garten im Foto gefunden. Unten die vier Ecken des Gartens anklicken, das Foto genau "
                      "von oben neu aufnehmen oder die Plättchen von Hand eingeben.",
    "reading_unavailable": "Fotos können gerade nicht gelesen werden: {why}. Die Plättchen unten von Hand "
                           "eingeben; das Foto bleibt hier.",
    "reader_not_installed": "die Fotoerkennung ist in dieser App nicht installiert",
    "reader_not_loaded": "die Fotoerkennung konnte nicht geladen werden (ihre Modelldatei fehlt oder ist "
                         "beschädigt; die App neu installieren)",
    "reader_copy_not_loaded": "das Modell deiner Ausgabe konnte nicht geladen werden; „{reset}“ unter „{section}“ "
                              "in der Seitenleiste liest wieder mit dem mitgelieferten Modell",
    "read_error": "Das Foto konnte nicht gelesen werden. Unten die vier Ecken des Gartens anklicken, das Foto genau "
                  "von oben neu aufnehmen oder die Plättchen von Hand eingeben.",
    "joint_no_garden": "Die Fotos konnten nicht gemeinsam gelesen werden: im Foto von {name} wurde kein Garten "
                       "gefunden. Im Garten von {name} die vier Ecken auf dem Foto anklicken und es dann erneut "
                       "versuchen; alle Gärten bleiben, wie sie waren.",
    "joint_photo_failed": "Die Fotos konnten nicht gemeinsam gelesen werden: das Foto von {name} ließ sich nicht "
                          "lesen. Im Garten von {name} die vier Ecken auf dem Foto anklicken und es dann erneut "
                          "versuchen; alle Gärten bleiben, wie sie waren.",
    "joint_failed": "Die Fotos konnten nicht gemeinsam gelesen werden; alle Gärten bleiben, wie sie waren. Den "
                    "Umriss jedes Fotos prüfen (wo er falsch ist, die vier Ecken anklicken) und es dann erneut "
                    "versuchen.",
    "read_ok": "Garten gelesen. Bitte die {n} mit ⚠ (rot) markierten Plättchen prüfen.",
    "read_ok_clean": "Garten gelesen. Plättchen mit dem Foto vergleichen und Fehler korrigieren.",
    "game": "Spiel",
    "outline_unsure": "Der Umriss des Gartens ist nicht sicher erkannt: bitte unten prüfen.",
    "search_stopped": "Die Suche wurde nach einigen Sekunden beendet, statt Sie warten zu lassen: liegt der Umriss "
                      "daneben, die vier Ecken anklicken.",
    "outline_check": "Stimmt der Umriss? Das gelbe Gitter sollte genau auf den 16 Plättchen liegen. Wenn ja, "
                     "bestätigen; sonst unten die vier äußeren Ecken der Plättchen anklicken.",
    "outline_yes": "Ja, der Umriss stimmt",
    "photo_caption": "Erkanntes Raster (rot = bitte prüfen)",
    "compare_caption": "Je Feld: Foto (links) und das gelesene Plättchen (rechts)",
    "corners_title": "Umriss falsch? Die vier Ecken anklicken",
    "corners_help": "Die vier äußeren Ecken des Gartens anklicken (Reihenfolge egal; ungefähr genügt, der Umriss "
                    "rastet an den Plättchen ein). Danach wird neu gelesen.",
    "clicks_so_far": "{n} von 4 Ecken angeklickt",
    "clear_clicks": "Klicks löschen",
    "garden_editor_title": "**Plättchen** — jedes Feld korrigierbar",
    "cell": "Feld",
    "check_help": "⚠ = unsicher gelesen oder dasselbe Plättchen zweimal",
    "confidence": "Sicher",
    "attr.floor": "Untergrund",
    "attr.path": "Weg",
    "attr.decor": "Dekor",
    "attr.corner": "Wegecke",
    "cells_missing": "{n} Feld(er) fehlen noch: {cells}",
    "corrected_cells": "Korrigiert: {cells}",
    "review_hint": "{cell} könnte sein: {options}",
    "review_floor_colour": "{cell}: hat die Farbe der Plättchen mit {what} auf diesem Foto",
    "colour_like_floor": "die Farbe dieser Plättchen auf dem Foto",
    "colour_like_path": "die Farbe dieser Wege auf dem Foto",
    "colour_like_tile": "wie das Plättchen allein gelesen wird",
    "review_tile_colour": "{cell}: nach den Farben der anderen Plättchen auf diesem Foto gelesen; "
                          "allein gelesen: {what}",
    "review_path_colour": "{cell}: der Weg hat die Farbe der {what}-Wege auf diesem Foto",
    "review_figure": "{cell}: die Figur sieht anders aus als auf den anderen Plättchen mit {what} auf diesem "
                     "Foto: bitte die Deko prüfen",
    "figures_unfamiliar": "{n} Figuren ({cells}) sehen anders aus als die anderen Plättchen mit derselben Deko: "
                          "der Leser kennt die Grafik dieser Ausgabe vielleicht nicht. Bitte diese Dekos prüfen "
                          "oder ihm die eigene Ausgabe beibringen („{page}“).",
    "beyond_photo": "Ein Teil des Gartens liegt außerhalb des Fotos ({cells}): diese Plättchen wurden nur "
                    "teilweise gesehen. Bitte prüfen oder den ganzen Garten neu fotografieren.",
    "read_jointly": "Alle Fotos gemeinsam lesen",
    "read_jointly_help": "Liest alle Gärten zusammen neu; jedes Plättchen gibt es nur einmal. Deine "
                         "Korrekturen und die als richtig bestätigten Plättchen bleiben erhalten.",
    "garden_caption": "Der Garten wie eingegeben",
    "type_garden": "Ganzen Garten eintippen oder einfügen",
    "type_garden_help": "16 Plättchen untergrund/weg/dekor/ecke, Reihe für Reihe, z. B. water/stone/gate/se",
    "apply": "Übernehmen",
    "clear_garden": "Garten leeren",
    "notation_error": "Dieser Text ist nicht verwendbar: {error}",
    "notation_unreadable": "er ließ sich nicht als 16 Plättchen untergrund/weg/dekor/ecke, Reihe für Reihe, "
                           "lesen; den Text prüfen und es erneut versuchen",
    "conflict": "Plättchen {tile} ist doppelt eingegeben ({where}). Jedes Plättchen gibt es einmal.",
    "conflict_photo": "Plättchen {tile} erscheint doppelt ({where}) — vermutlich falsch gelesen. Bitte prüfen.",
    "whose_garden": "Wessen Garten",
    "tap_hint": "Tippe auf ein Feld, um es zu korrigieren (rot = bitte prüfen, grün = geändert).",
    "tap_hint_empty": "Tippe auf ein Feld, um sein Plättchen einzugeben; das nächste leere Feld folgt.",
    "swap_hint": "Tippe auf das Feld, mit dem {cell} getauscht wird.",
    "cancel": "Abbrechen",
    "close": "Schließen",
    "not_entered": "noch nicht eingegeben",
    "cell_photo": "Foto",
    "cell_entered": "Wie eingegeben",
    "could_be": "Oder ist es…",
    "also_at": "auch bei {where}",
    "right_as_read": "Stimmt so",
    "turn": "Drehen",
    "swap_with": "Tauschen mit…",
    "other_tile": "Anderes Plättchen…",
    "pick.floor": "**Untergrund?**",
    "pick.path": "**Weg?**",
    "pick.decor": "**Dekor?**",
    "pick.corner": "**Um welche Ecke läuft der Weg?**",
    "all_used": "Jedes Plättchen damit ist in diesem Spiel schon vergeben.",
    "back": "Zurück",
    "cell_set": "{cell} ist jetzt {tile}.",
    "cells_swapped": "{a} und {b} getauscht.",
    "cell_checked": "{cell} wie gelesen bestätigt.",
    "table_editor": "Tabelle (für Tastaturen)",
    "photo_shown": "Foto mit erkanntem Raster",
    "camera_needs_https": "Die Kamera im Browser braucht HTTPS: nimm die Fotoauswahl oben (auf dem Handy bietet "
                          "sie die Kamera an) oder starte die App mit scripts/serve_https.sh.",
    "no_missions": "Keine Aufträge im Spiel (Tafeln 4 und 5 nicht gewählt).",
    "mission_title": "**Auftrag {n}:** {features}",
    "mission_pick_features": "Zuerst im Aufbau die zwei Kaiserplättchen des Auftrags wählen.",
    "mission_dropped": "Erfüllt den Auftrag nicht mehr und wurde entfernt: {names}",
    "mission_nobody": "Kein Garten erfüllt diesen Auftrag.",
    "mission_gardens_first": "Erst alle Gärten eingeben, dann zeigt sich, wer den Auftrag erfüllt. Bisherige "
                             "Reihenfolge: {order}",
    "mission_order": "Reihenfolge der Erfüllung (erster = 5, zweiter = 3, dritter = 1)",
    "mission_order_help": "Die Spieler in der Reihenfolge wählen, in der sie den Auftrag im Spiel erfüllt haben.",
    "mission_needs": "Braucht {n} × {first} und {n} × {second} in einem Garten.",
    "mission_places": "Plätze: {places}",
    "mission_place": "{ordinal} {name} → {points}",
    "not_ready": "Noch nicht wertbar. Es fehlt:",
    "invalid_game": "Dieses Spiel kann nicht gewertet werden:",
    "winner": "🏆 Sieg: {names}",
    "winners": "🏆 Geteilter Sieg: {names}",
    "tie_break": "Gleichstand: {reason}",
    "totals": "Summen",
    "why_title": "Wofür die Punkte?",
    "player": "Spieler",
    "category": "Kategorie",
    "why_caption": "Plättchen, die in dieser Kategorie zählen (grün)",
    "all_reasons": "Alle Kategorien dieses Spielers",
    "dispute_title": "Nachprüfen — eine behauptete Punktzahl vergleichen",
    "claimed_total": "Behauptete Summe",
    "claim_by_category": "Behauptung je Kategorie eingeben",
    "dispute_agrees": "Die Angabe stimmt mit der Wertung überein ({total}).",
    "dispute_gap": "Behauptet {claimed}, berechnet {computed} ({gap}).",
    "dispute_diff": "- **{category}**: behauptet {claimed}, berechnet {computed} — {reason}",
    "dispute_candidates": "Kategorien, die den Unterschied erklären könnten:",
    "save_title": "Speichern und teilen",
    "save_game": "Im Verlauf speichern",
    "save_changes": "Änderungen im Verlauf speichern",
    "saved": "Gespeichert als Spiel #{id}.",
    "examples_kept": "{n} Foto(s) als Beispiele für dieses Exemplar behalten.",
    "export_json": "Spieldatei",
    "export_csv": "Wertungsblatt CSV",
    "export_png": "Wertungsblatt als Bild",
    "summary_help": "Zusammenfassung für den Gruppenchat (Kopieren-Knopf oben rechts, oder den Text markieren):",
    "bgstats": "An BG Stats senden",
    "history_empty": "Noch keine gespeicherten Spiele.",
    "date": "Datum",
    "result": "Punkte",
    "winner_col": "Sieg",
    "choose_game": "Spiel",
    "reopen": "Öffnen",
    "rescore": "Neu werten",
    "delete": "Löschen",
    "rescored": "Neu gewertet: {totals}",
    "stats_title": "Spieler",
    "games": "Spiele",
    "wins": "Siege",
    "average": "Schnitt",
    "best": "Bestwert",
    "improve_title": "Erkennung für mein Exemplar verbessern",
    "keep_examples": "Korrigierte Fotos als Beispiele behalten (nur im Datenordner)",
    "examples_count": "{n} Beispielfoto(s) gespeichert",
    "model_in_use": "Verwendetes Modell: {model}",
    "bundled_model": "mitgeliefert",
    "training_unavailable": "Neu trainieren ist möglich, sobald das Trainingsmodul der Bilderkennung installiert ist.",
    "retrain": "Mit meinen Fotos neu trainieren",
    "training": "Training läuft…",
    "training_failed": "Das Modell konnte nicht neu trainiert werden: {why}",
    "training_problem_photo": "das Foto für den Boden {floor} unter „{section}“ ist nicht verwendbar — {why}",
    "training_problem_model": "das Erkennungsmodell konnte nicht geladen werden; die App neu installieren und es "
                              "dann erneut versuchen",
    "training_problem_unavailable": "ein Teil der Fotoerkennung ist nicht installiert",
    "training_problem_unexpected": "die behaltenen Fotos ließen sich nicht zum Trainieren verwenden. Ein weiteres "
                                   "gewertetes Spiel mit eingeschaltetem „{keep}“ speichern und es dann erneut "
                                   "versuchen; das verwendete Modell bleibt unverändert.",
    "training_done": "Fertig — ab jetzt wird das neue Modell verwendet.",
    "reset_model": "Zurück zum mitgelieferten Modell",
    # 'Meine Ausgabe anlernen' (ui/enrol_page.py)
    "enrol_title": "Meine Ausgabe anlernen",
    "enrol_board_step": "1. Optional: den leeren Spielplan von oben fotografieren.",
    "enrol_board_photo": "Foto des leeren Spielplans",
    "enrol_board_unused": "Das Foto des Spielplans wird nicht verwendet: {why}",
    "enrol_lay_out": "2. Alle 15 Plättchen eines Bodens in beliebiger Reihenfolge und Drehung auf den Plan legen, "
                     "auf das letzte Feld ein beliebiges Plättchen eines anderen Bodens; die 16 Plättchen von oben "
                     "fotografieren. Ein Foto pro Boden.",
    "enrol_floor": "Boden auf dem Foto",
    "enrol_upload": "Foto seiner 15 Plättchen + eines anderen",
    "enrol_check": "Zuordnung prüfen",
    "enrol_checking": "Die Plättchen in jedem Foto werden gesucht und zugeordnet …",
    "enrol_unsure": "unsicher bei {cells}",
    "enrol_all_placed": "alle Plättchen zugeordnet",
    "enrol_outline": "Die 16 Plättchen auf diesem Foto sind nicht sicher erkannt: wenn seine Tabelle falsch "
                     "aussieht, unten die vier Ecken der Plättchen antippen oder das Foto genau von oben neu "
                     "aufnehmen.",
    "enrol_corners_title": "Die Plättchen liegen nicht, wo sie erkannt wurden? Die vier Ecken antippen",
    "enrol_corners_help": "Das Gitter zeigt, wo die 16 Plättchen erkannt wurden. Die vier äußeren Ecken der 16 "
                          "Plättchen antippen (Reihenfolge egal); danach wird ihre Zuordnung neu bestimmt.",
    "enrol_taps_so_far": "{n} von 4 Ecken angetippt",
    "enrol_clear_taps": "Antippen löschen",
    "enrol_outline_tapped": "Der Umriss stammt aus deinem Antippen; die Zuordnung wurde danach neu bestimmt.",
    "enrol_corners_not_kept": "Die Ecken konnten nicht gespeichert werden: {why}. Dein Antippen bleibt erhalten; "
                              "sobald der Datenordner beschreibbar ist, wird es beim nächsten Tippen gespeichert "
                              "(oder es löschen und neu antippen).",
    "enrol_corners_unusable": "Dieses Foto lässt sich zum Antippen seiner Ecken nicht zeigen: {why}",
    "enrol_tap_hint": "Jedes Plättchen steht bei seinem Weg (Zeile) und seiner Deko (Spalte); die gelbe Marke ist "
                      "die Ecke, um die sein Weg läuft. Ein Plättchen antippen, dann ein anderes zum Tauschen oder "
                      "dasselbe nochmals zum Drehen.",
    "enrol_picked": "Gewählt: {tile}. Ein anderes Plättchen antippen zum Tauschen oder dieses nochmals zum Drehen.",
    "enrol_swapped": "{a} und {b} getauscht.",
    "enrol_turned": "{tile} gedreht.",
    "enrol_name": "Name dieser Ausgabe",
    "enrol_default_name": "Unsere Ausgabe",
    "enrol_name_needed": "Gib der Ausgabe einen Namen (höchstens {n} Zeichen).",
    "enrol_build": "Modell meiner Ausgabe erstellen",
    "enrol_building": "Das Modell deiner Ausgabe wird erstellt",
    "enrol_build_failed": "Das Modell konnte nicht erstellt werden: {error}",
    "enrol_built": "Ab jetzt liest das Modell von „{name}“ jedes Foto.",
    "enrol_knows_light": "Es hat die Farben eurer Böden gelernt: das Licht jedes Gartens wird an ihnen abgelesen.",
    "enrol_knows_no_light": "Eure Bodenfotos zeigten nicht dasselbe Spielbrett, so konnte es die Farben eurer Böden "
                            "nicht in einem Licht lernen; das Licht wird wie bisher gelesen.",
    "enrol_knows_board": "Es hat euer Spielbrett aus {n} Foto(s) gelernt: einen Garten, bei dem es unsicher ist, "
                         "sucht es darauf.",
    "enrol_knows_marks": "Es findet euer Spielbrett an seinen Druckmerkmalen (den Zahlen der Münzleiste und "
                         "Ähnlichem): in {k} von euren {n} Fotos. Einen Garten, bei dem es unsicher ist, legt es "
                         "dorthin, wo sie sind.",
    "enrol_few_marks": "Euer Spielbrett zeigt zu wenige eindeutige Druckmerkmale, um daran gefunden zu werden (in "
                       "keinem eurer {n} Fotos: ein schlichtes Brett oder eine wiederholte Form); ein Garten, bei dem "
                       "es unsicher ist, wird nur nach dem Aussehen des Bretts gelegt.",
    "enrol_copy_in_use": "Modell, das die Fotos liest",
    "enrol_photo_failed": "Das Foto für den Boden {floor} ist nicht verwendbar: {why}",
    "enrol_check_failed": "Die Zuordnung konnte nicht geprüft werden: {why}",
    "enrol_fix_not_saved": "Die Korrektur konnte nicht gespeichert werden; sie gilt trotzdem in dieser Sitzung "
                           "und für das Modell.",
    # was die Codes von vision.enrol.EnrolError bedeuten (ein Bildproblem heißt photo_problem_*)
    "enrol_problem_unknown_floor": "diesen Boden gibt es nicht",
    "enrol_problem_no_photos": "es gibt noch kein Foto eines Bodens",
    "enrol_problem_photo_not_found": "das Foto ist nicht mehr vorhanden: bitte neu aufnehmen",
    "enrol_problem_photo_twice": "dasselbe Foto ist für zwei Böden angegeben",
    "enrol_problem_bad_sidecar": "sein gespeicherter Umriss oder seine Zuordnung ist nicht lesbar: bitte das Foto "
                                 "neu aufnehmen",
    "enrol_problem_no_garden": "keine Plättchen gefunden: die 16 Plättchen auf dem Plan genau von oben fotografieren",
    "enrol_problem_board_not_found": "seine 16 Felder wurden nicht gefunden: den leeren Plan genau von oben "
                                     "fotografieren",
    "enrol_problem_board_unsure": "seine 16 Felder wurden nicht sicher gefunden: den leeren Plan genau von oben "
                                  "und gleichmäßig beleuchtet fotografieren",
    "enrol_problem_bad_option": "eine Einstellung liegt außerhalb des erlaubten Bereichs",
    "enrol_problem_file": "eine Datei konnte nicht gelesen oder geschrieben werden",
    "enrol_problem_unexpected": "die Fotos ließen sich nicht verarbeiten; sie genau von oben bei gutem "
                                "Licht neu aufnehmen und es erneut versuchen",
    "enrol_model_unavailable": "Das Erkennungsmodell konnte nicht geladen werden, daher können die Fotos jetzt "
                               "weder geprüft noch ein Modell erstellt werden. Deine Fotos und Zuordnungen bleiben "
                               "erhalten; die App neu installieren (ihre Modelldatei fehlt oder ist beschädigt) und "
                               "es dann erneut versuchen.",
    "enrol_photo_not_kept": "Das Foto „{name}“ ({what}) konnte nicht gespeichert werden: {why}. Die bisher "
                            "gespeicherten Fotos bleiben unverändert; sobald der Datenordner beschreibbar ist, wird "
                            "dieses beim nächsten Tippen gespeichert (oder es erneut hinzufügen).",
    "enrol_what_board": "leerer Spielplan",
    "enrol_what_floor": "Boden {floor}",
    # warum eine Datei im Datenordner nicht geschrieben werden konnte (ui.i18n.Translator.file_problem)
    "file_problem_full": "der Speicher ist voll",
    "file_problem_read_only": "der Datenordner ist schreibgeschützt",
    "file_problem_denied": "die App darf nicht in den Datenordner schreiben",
    "file_problem_other": "eine Datei im Datenordner konnte nicht gelesen oder geschrieben werden",
    "settings_not_saved": "Diese Einstellung konnte nicht gespeichert werden ({why}); sie gilt nur in dieser "
                          "Sitzung.",
    "photo_not_stored": "Das Foto wird verwendet, aber seine Kopie konnte nicht gespeichert werden ({why}): nach "
                        "einem Neuladen muss es erneut hinzugefügt werden.",
    "save_failed": "Das Spiel konnte nicht im Verlauf gespeichert werden ({why}). Die Eingaben bleiben hier "
                   "erhalten; erneut versuchen, sobald der Datenordner beschreibbar ist.",
    "examples_not_kept": "Die Fotos konnten nicht als Beispiele behalten werden ({why}); das Spiel selbst ist "
                         "gespeichert.",
    "history_unavailable": "Die gespeicherten Spiele können nicht angezeigt werden ({why}).",
    "change_not_stored": "Das ging nicht ({why}); es wurde nichts geändert.",
    "autosave_failed": "Automatisches Speichern fehlgeschlagen ({why}). Die Eingaben bleiben auf dieser Seite; "
                       "beim nächsten Tippen wird erneut gespeichert.",
    "draft_not_storable": "die Eingaben dieses Spiels haben keine speicherbare Form",
    # ein Spiel pro Link, Entwürfe, Rückgängig, was eine Aktion getan hat
    "game_link": "Spiel {id}: diesen Link auf einem anderen Handy öffnen, um Gärten gemeinsam einzugeben.",
    "new_game_started": "Neues Spiel begonnen. Das vorige Spiel bleibt unter Verlauf → Offene Spiele.",
    "imported": "{file} als neues Spiel importiert ({n} Spieler). Das vorige Spiel bleibt unter Verlauf → "
                "Offene Spiele.",
    "import_photos_skipped": "{file} gibt Gärten als Fotos an ({names}); Fotos werden mit der Datei nicht "
                             "importiert: jedes Foto im Reiter Gärten hinzufügen.",
    "import_problems": "Mit {n} Problem(en) importiert: der Reiter Ergebnis listet sie auf.",
    "reopened": "Gespeichertes Spiel #{id} als neues Spiel geöffnet.",
    "resumed": "Spiel {id} wird fortgesetzt.",
    "synced": "Mit Änderungen von einem anderen Gerät aktualisiert.",
    "legacy_imported": "Dein früheres ungespeichertes Spiel wurde als Spiel {id} behalten (Verlauf → Offene Spiele).",
    "draft_unreadable": "Spiel {id} ließ sich nicht öffnen ({why}); ein neues Spiel wurde begonnen.",
    "draft_problem_damaged": "seine gespeicherten Eingaben sind beschädigt",
    "draft_problem_version": "es wurde von einer anderen Version der App gespeichert",
    "drafts_unavailable": "Offene Spiele können nicht gespeichert werden ({why}). Dieses Spiel bleibt auf dieser "
                          "Seite und wird gespeichert, sobald der Datenordner beschreibbar ist.",
    "drafts_not_shown": "Die offenen Spiele können nicht angezeigt werden ({why}).",
    "edit_conflict": "{who}: {what} wurde gleichzeitig auf einem anderen Gerät geändert; diese Fassung wurde "
                     "behalten.",
    "edit_conflict_setup": "Einrichtung: {what} wurde gleichzeitig auf einem anderen Gerät geändert; diese Fassung "
                           "wurde behalten.",
    "edit_field.name": "der Name",
    "edit_field.colour": "die Farbe",
    "edit_field.coins": "die Münzen",
    "edit_field.garden": "der Garten (Felder {detail})",
    "edit_field.photo": "Foto und Garten",
    "edit_field.player": "der Spieler (hinzugefügt oder entfernt)",
    "edit_field.boards": "die Tafeln",
    "edit_field.preference": "das Kaiserplättchen für {detail}",
    "edit_field.mission": "Mission {detail}",
    "edit_field.saved_game": "das zugehörige gespeicherte Spiel",
    "drafts_title": "Offene Spiele",
    "drafts_empty": "Keine anderen offenen Spiele.",
    "choose_draft": "Offenes Spiel",
    "draft_row": "{id} · {date} · {names} · {done}/{n} Gärten",
    "draft_problem": "{id} lässt sich nicht öffnen: {problem}",
    "resume": "Fortsetzen",
    "discard": "Verwerfen",
    "confirm_discard": "Offenes Spiel {id} verwerfen? Das lässt sich nicht rückgängig machen.",
    "yes_discard": "Ja, verwerfen",
    "draft_discarded": "Offenes Spiel {id} verworfen.",
    "saved_games_title": "Gespeicherte Spiele",
    "confirm_delete": "Gespeichertes Spiel #{id} löschen? Das lässt sich nicht rückgängig machen.",
    "yes_delete": "Ja, löschen",
    "game_deleted": "Gespeichertes Spiel #{id} gelöscht.",
    "undo": "Rückgängig",
    "undo_help": "{name}s Garten wie vor der letzten Änderung wiederherstellen",
    "garden_restored": "{name}s Garten ist wieder wie vor der letzten Änderung.",
    "garden_cleared": "{name}s Garten geleert. Rückgängig holt ihn zurück.",
    "missing.preference": "Tafel 1: Kaiserplättchen für {what}",
    "missing.mission": "Auftrag {what}: zwei Kaiserplättchen",
    "missing.garden": "{who}: Felder {what}",
    "board.1": "1 Grundlagen",
    "board.2": "2 Einheit",
    "board.3": "3 Minimalismus",
    "board.4": "4 Zwei Aufträge",
    "board.5": "5 Ein Auftrag",
    "colour.blue": "blau",
    "colour.yellow": "gelb",
    "colour.green": "grün",
    "colour.red": "rot",
    "blank": "— wählen —",
}

CATALOGUES: dict[str, dict[str, str]] = {"en": EN, "de": DE}

_COLOUR_DOTS = {"blue": "🔵", "yellow": "🟡", "green": "🟢", "red": "🔴"}
#: The editor's tile parts as the engine's enums.
_ATTR_ENUMS: dict[str, type] = {"floor": Floor, "path": PathMaterial, "decor": Decor, "corner": Corner,
                                "kind": FeatureKind}
#: Arrows beside the corner names, to show which corner the path wraps.
_CORNER_ARROWS = {Corner.NW: "↖", Corner.NE: "↗", Corner.SW: "↙", Corner.SE: "↘"}
#: What a file error says, by its errno (EDQUOT is not defined everywhere).
_FILE_PROBLEMS = {errno.ENOSPC: "full", getattr(errno, "EDQUOT", errno.ENOSPC): "full", errno.EROFS: "read_only",
                  errno.EACCES: "denied", errno.EPERM: "denied"}
#: The same for SQLite's primary result codes (SQLITE_FULL, SQLITE_READONLY, SQLITE_PERM).
_SQLITE_PROBLEMS = {13: "full", 8: "read_only", 3: "denied"}


@dataclass(frozen=True)
class Said:
    """A message kept to be worded when shown (:meth:`Translator.say`), so that it follows a change of
    language: a catalogue key and its values; a value that is itself a :class:`Said` is worded first."""

    key: str
    values: dict[str, Any] = field(default_factory=dict)


def file_problem_key(exc: BaseException) -> str:
    """The catalogue key of why a file in the data folder could not be written (an ``OSError``'s errno,
    a ``sqlite3.Error``'s code); anything else gets the general one."""
    kind = _FILE_PROBLEMS.get(getattr(exc, "errno", None) or -1)
    code = getattr(exc, "sqlite_errorcode", None)
    if kind is None and isinstance(code, int):
        kind = _SQLITE_PROBLEMS.get(code & 0xFF)  # the primary code: SQLITE_READONLY_DIRECTORY is READONLY
    return f"file_problem_{kind or 'other'}"


class Translator:
    """Looks up UI text in one language; also names game terms (features, tiles, boards)."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang if lang in CATALOGUES else "en"
        self._cat = CATALOGUES[self.lang]
        self.words = wording.language(self.lang)

    def __call__(self, key: str, **values: Any) -> str:
        text = self._cat.get(key) or EN.get(key) or key
        if values:
            try:
                return text.format(**values)
            except (KeyError, IndexError, ValueError):
                return text
        return text

    def say(self, said: Said) -> str:
        """A kept message in this language, its nested values worded too."""
        return self(said.key, **{name: self.say(v) if isinstance(v, Said) else v for name, v in said.values.items()})

    def value(self, attr: str, value: str | None) -> str:
        """A tile part's display name: ``value("floor", "cherry_blossom")`` -> "cherry blossom"."""
        if value is None:
            return ""
        try:
            member = _ATTR_ENUMS[attr](value)
        except (KeyError, ValueError):
            return str(value)
        name = self.words.name(member)
        return f"{_CORNER_ARROWS[member]} {name}" if isinstance(member, Corner) else name

    def feature(self, name: str | None) -> str:
        """``"floor:water"`` -> ``"floor: water"`` / ``"Untergrund: Wasser"``."""
        if not name:
            return self("blank")
        try:
            return self.words.feature(Feature.parse(name))
        except NotationError:
            return name

    def feature_or_blank(self, name: str | None) -> str:
        return self.feature(name)

    def kind(self, text: str) -> str:
        """``"water/stone/gate"`` -> localised ``"water / stone / gate"``."""
        parts = text.split("/")
        attrs = ("floor", "path", "decor", "corner")
        return " / ".join(self.value(a, p) for a, p in zip(attrs, parts))

    def colour(self, colour: str) -> str:
        return self(f"colour.{colour}")

    def colour_dot(self, colour: str) -> str:
        return _COLOUR_DOTS.get(colour, "⚪")

    def board(self, board: int) -> str:
        return self(f"board.{board}")

    def labels(self) -> dict[str, str]:
        """Category and score-sheet labels (keys as in the result contract)."""
        return self.words.labels()

    def reason(self, reason: Reason) -> str:
        """A reason of the rules engine (a category's, the tie-break's, a dispute note) in words."""
        return self.words(reason)

    def problem(self, problem: Problem) -> str:
        """A validation problem's message, without where."""
        return self.words.problem(problem)

    def problem_line(self, problem: Problem) -> str:
        """A validation problem with where it is (player, cell)."""
        return self.words.problem_line(problem)

    def file_problem(self, exc: BaseException) -> str:
        """Why a file in the data folder could not be written (an ``OSError``'s errno, a
        ``sqlite3.Error``'s code), never the system's English; anything else gets a general wording."""
        return self(file_problem_key(exc))

    def notation_error(self, exc: ValueError) -> str:
        """Why text is not valid notation (every bad part), never the exception's English: any other
        ``ValueError`` gets a general sentence, and is logged for developers (the parser should not raise it)."""
        if isinstance(exc, NotationError):
            return "; ".join(self.words(p) for p in exc.problems)
        log.error("garden text refused by an error that is not a NotationError", exc_info=exc)
        return self("notation_unreadable")

    def missing(self, item: str) -> str:
        """A ``ui.viewmodel.game_from_draft`` missing item, in words."""
        kind, _, rest = item.partition(":")
        if kind == "preference":
            return self("missing.preference", what=self(f"space.{rest}"))
        if kind == "mission":
            return self("missing.mission", what=rest)
        if kind == "garden":
            who, _, cells = rest.rpartition(":")
            return self("missing.garden", who=who, what=cells.replace(",", ", "))
        return item
