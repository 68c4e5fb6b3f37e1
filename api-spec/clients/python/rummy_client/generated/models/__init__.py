""" Contains all the data models used in inputs/outputs """

from .after_beyond_log_facts import AfterBeyondLogFacts
from .card_discarded import CardDiscarded
from .card_laid_off import CardLaidOff
from .cards_drawn import CardsDrawn
from .cards_drawn_source import CardsDrawnSource
from .check_command_problem import CheckCommandProblem
from .check_command_problem_code import CheckCommandProblemCode
from .claim_seat_problem import ClaimSeatProblem
from .claim_seat_problem_code import ClaimSeatProblemCode
from .claimed_seat import ClaimedSeat
from .command_check import CommandCheck
from .command_id_reused_facts import CommandIdReusedFacts
from .command_result import CommandResult
from .contention_facts import ContentionFacts
from .controller import Controller
from .controller_kind import ControllerKind
from .create_game import CreateGame
from .create_game_preset import CreateGamePreset
from .create_game_problem import CreateGameProblem
from .create_game_problem_code import CreateGameProblemCode
from .create_player import CreatePlayer
from .create_player_problem import CreatePlayerProblem
from .create_player_problem_code import CreatePlayerProblemCode
from .create_ticket_problem import CreateTicketProblem
from .create_ticket_problem_code import CreateTicketProblemCode
from .created_game_out import CreatedGameOut
from .created_game_out_status import CreatedGameOutStatus
from .created_game_out_tokens import CreatedGameOutTokens
from .created_player_out import CreatedPlayerOut
from .deck_revealed import DeckRevealed
from .discard_command import DiscardCommand
from .draw_command import DrawCommand
from .draw_command_source import DrawCommandSource
from .duplicate_key_facts import DuplicateKeyFacts
from .envelope import Envelope
from .envelope_actor_type_1 import EnvelopeActorType1
from .envelope_actor_type_2_type_1 import EnvelopeActorType2Type1
from .envelope_actor_type_3_type_1 import EnvelopeActorType3Type1
from .event_page import EventPage
from .export_log_format import ExportLogFormat
from .export_log_problem import ExportLogProblem
from .export_log_problem_code import ExportLogProblemCode
from .fork_game import ForkGame
from .fork_game_deck import ForkGameDeck
from .fork_game_problem import ForkGameProblem
from .fork_game_problem_code import ForkGameProblemCode
from .game_abandoned import GameAbandoned
from .game_ended import GameEnded
from .game_rating_changes import GameRatingChanges
from .game_rating_changes_reason import GameRatingChangesReason
from .game_started import GameStarted
from .game_state import GameState
from .game_state_phase import GameStatePhase
from .game_summary import GameSummary
from .game_summary_status import GameSummaryStatus
from .get_game_problem import GetGameProblem
from .get_game_problem_code import GetGameProblemCode
from .get_game_ratings_problem import GetGameRatingsProblem
from .get_game_ratings_problem_code import GetGameRatingsProblemCode
from .get_health_problem import GetHealthProblem
from .get_health_problem_code import GetHealthProblemCode
from .get_leaderboard_problem import GetLeaderboardProblem
from .get_leaderboard_problem_code import GetLeaderboardProblemCode
from .get_me_problem import GetMeProblem
from .get_me_problem_code import GetMeProblemCode
from .get_player_profile_problem import GetPlayerProfileProblem
from .get_player_profile_problem_code import GetPlayerProfileProblemCode
from .get_seat_view_problem import GetSeatViewProblem
from .get_seat_view_problem_code import GetSeatViewProblemCode
from .get_state_at_problem import GetStateAtProblem
from .get_state_at_problem_code import GetStateAtProblemCode
from .hand_dealt import HandDealt
from .hand_ended import HandEnded
from .hand_ended_reason import HandEndedReason
from .hand_result import HandResult
from .hand_seat_to_bot_problem import HandSeatToBotProblem
from .hand_seat_to_bot_problem_code import HandSeatToBotProblemCode
from .hand_to_bot import HandToBot
from .health import Health
from .import_log_problem import ImportLogProblem
from .import_log_problem_code import ImportLogProblemCode
from .invalid_body_facts import InvalidBodyFacts
from .joker_swapped import JokerSwapped
from .json_too_deep_facts import JsonTooDeepFacts
from .knock_command import KnockCommand
from .knocked import Knocked
from .ladder_rating import LadderRating
from .lay_melds_command import LayMeldsCommand
from .lay_off_command import LayOffCommand
from .leaderboard_entry import LeaderboardEntry
from .leaderboard_entry_kind import LeaderboardEntryKind
from .leaderboard_page import LeaderboardPage
from .leave_seat_problem import LeaveSeatProblem
from .leave_seat_problem_code import LeaveSeatProblemCode
from .list_events_problem import ListEventsProblem
from .list_events_problem_code import ListEventsProblemCode
from .list_games_preset_type_1 import ListGamesPresetType1
from .list_games_preset_type_2_type_1 import ListGamesPresetType2Type1
from .list_games_preset_type_3_type_1 import ListGamesPresetType3Type1
from .list_games_problem import ListGamesProblem
from .list_games_problem_code import ListGamesProblemCode
from .list_games_status import ListGamesStatus
from .list_my_games_problem import ListMyGamesProblem
from .list_my_games_problem_code import ListMyGamesProblemCode
from .list_my_games_status_type_1 import ListMyGamesStatusType1
from .list_my_games_status_type_2_type_1 import ListMyGamesStatusType2Type1
from .list_my_games_status_type_3_type_1 import ListMyGamesStatusType3Type1
from .lobby import Lobby
from .lobby_entry import LobbyEntry
from .lobby_entry_status import LobbyEntryStatus
from .log_document import LogDocument
from .log_header import LogHeader
from .meld import Meld
from .meld_kind import MeldKind
from .meld_laid import MeldLaid
from .opening import Opening
from .placed import Placed
from .player import Player
from .player_game import PlayerGame
from .player_game_status import PlayerGameStatus
from .player_games import PlayerGames
from .post_command_problem import PostCommandProblem
from .post_command_problem_code import PostCommandProblemCode
from .problem import Problem
from .problem_code import ProblemCode
from .problem_facts import ProblemFacts
from .profile import Profile
from .rate_limited_facts import RateLimitedFacts
from .recent_game import RecentGame
from .rematch import Rematch
from .rematch_game_problem import RematchGameProblem
from .rematch_game_problem_code import RematchGameProblemCode
from .rematch_offered import RematchOffered
from .rename_me_problem import RenameMeProblem
from .rename_me_problem_code import RenameMeProblemCode
from .rename_player import RenamePlayer
from .resign_seat import ResignSeat
from .resign_seat_problem import ResignSeatProblem
from .resign_seat_problem_code import ResignSeatProblemCode
from .rule_overrides import RuleOverrides
from .rule_overrides_ace import RuleOverridesAce
from .rule_overrides_card_values import RuleOverridesCardValues
from .rule_overrides_discard_pickup import RuleOverridesDiscardPickup
from .rule_overrides_final_exhaustion import RuleOverridesFinalExhaustion
from .rule_overrides_first_player import RuleOverridesFirstPlayer
from .rule_overrides_go_out import RuleOverridesGoOut
from .rule_overrides_hand_size import RuleOverridesHandSize
from .rule_overrides_melds_per_turn import RuleOverridesMeldsPerTurn
from .rule_overrides_rummy_bonus import RuleOverridesRummyBonus
from .rule_overrides_scoring import RuleOverridesScoring
from .rule_overrides_stock_out import RuleOverridesStockOut
from .rule_set import RuleSet
from .rule_set_ace import RuleSetAce
from .rule_set_card_values import RuleSetCardValues
from .rule_set_discard_pickup import RuleSetDiscardPickup
from .rule_set_final_exhaustion import RuleSetFinalExhaustion
from .rule_set_first_player import RuleSetFirstPlayer
from .rule_set_go_out import RuleSetGoOut
from .rule_set_hand_size import RuleSetHandSize
from .rule_set_melds_per_turn import RuleSetMeldsPerTurn
from .rule_set_rummy_bonus import RuleSetRummyBonus
from .rule_set_scoring import RuleSetScoring
from .rule_set_stock_out import RuleSetStockOut
from .rulesets import Rulesets
from .rulesets_presets import RulesetsPresets
from .run_end import RunEnd
from .seat_claimed import SeatClaimed
from .seat_control import SeatControl
from .seat_control_changed import SeatControlChanged
from .seat_control_changed_controller import SeatControlChangedController
from .seat_control_changed_reason import SeatControlChangedReason
from .seat_filled import SeatFilled
from .seat_kind import SeatKind
from .seat_kind_kind import SeatKindKind
from .seat_label import SeatLabel
from .seat_label_kind import SeatLabelKind
from .seat_left import SeatLeft
from .seat_out import SeatOut
from .seat_out_kind import SeatOutKind
from .seat_rating_change import SeatRatingChange
from .seat_rating_change_kind import SeatRatingChangeKind
from .seat_reserved import SeatReserved
from .seat_resigned import SeatResigned
from .seat_spec import SeatSpec
from .seat_spec_kind import SeatSpecKind
from .seat_taken_facts import SeatTakenFacts
from .seats_removed import SeatsRemoved
from .start_table import StartTable
from .start_table_fill import StartTableFill
from .start_table_problem import StartTableProblem
from .start_table_problem_code import StartTableProblemCode
from .state_at import StateAt
from .state_at_held_hands_type_0 import StateAtHeldHandsType0
from .state_at_visibility import StateAtVisibility
from .stock_renewed import StockRenewed
from .stream_events_problem import StreamEventsProblem
from .stream_events_problem_code import StreamEventsProblemCode
from .suggest_command_problem import SuggestCommandProblem
from .suggest_command_problem_code import SuggestCommandProblemCode
from .suggest_request import SuggestRequest
from .suggest_request_preset import SuggestRequestPreset
from .suggestion import Suggestion
from .swap_joker_command import SwapJokerCommand
from .table_options import TableOptions
from .take_seat_back_problem import TakeSeatBackProblem
from .take_seat_back_problem_code import TakeSeatBackProblemCode
from .ticket import Ticket
from .turn_deadline_set import TurnDeadlineSet
from .turn_timed_out import TurnTimedOut
from .unsupported_media_type_facts import UnsupportedMediaTypeFacts
from .version_conflict_facts import VersionConflictFacts
from .view import View
from .view_phase import ViewPhase

__all__ = (
    "AfterBeyondLogFacts",
    "CardDiscarded",
    "CardLaidOff",
    "CardsDrawn",
    "CardsDrawnSource",
    "CheckCommandProblem",
    "CheckCommandProblemCode",
    "ClaimedSeat",
    "ClaimSeatProblem",
    "ClaimSeatProblemCode",
    "CommandCheck",
    "CommandIdReusedFacts",
    "CommandResult",
    "ContentionFacts",
    "Controller",
    "ControllerKind",
    "CreatedGameOut",
    "CreatedGameOutStatus",
    "CreatedGameOutTokens",
    "CreatedPlayerOut",
    "CreateGame",
    "CreateGamePreset",
    "CreateGameProblem",
    "CreateGameProblemCode",
    "CreatePlayer",
    "CreatePlayerProblem",
    "CreatePlayerProblemCode",
    "CreateTicketProblem",
    "CreateTicketProblemCode",
    "DeckRevealed",
    "DiscardCommand",
    "DrawCommand",
    "DrawCommandSource",
    "DuplicateKeyFacts",
    "Envelope",
    "EnvelopeActorType1",
    "EnvelopeActorType2Type1",
    "EnvelopeActorType3Type1",
    "EventPage",
    "ExportLogFormat",
    "ExportLogProblem",
    "ExportLogProblemCode",
    "ForkGame",
    "ForkGameDeck",
    "ForkGameProblem",
    "ForkGameProblemCode",
    "GameAbandoned",
    "GameEnded",
    "GameRatingChanges",
    "GameRatingChangesReason",
    "GameStarted",
    "GameState",
    "GameStatePhase",
    "GameSummary",
    "GameSummaryStatus",
    "GetGameProblem",
    "GetGameProblemCode",
    "GetGameRatingsProblem",
    "GetGameRatingsProblemCode",
    "GetHealthProblem",
    "GetHealthProblemCode",
    "GetLeaderboardProblem",
    "GetLeaderboardProblemCode",
    "GetMeProblem",
    "GetMeProblemCode",
    "GetPlayerProfileProblem",
    "GetPlayerProfileProblemCode",
    "GetSeatViewProblem",
    "GetSeatViewProblemCode",
    "GetStateAtProblem",
    "GetStateAtProblemCode",
    "HandDealt",
    "HandEnded",
    "HandEndedReason",
    "HandResult",
    "HandSeatToBotProblem",
    "HandSeatToBotProblemCode",
    "HandToBot",
    "Health",
    "ImportLogProblem",
    "ImportLogProblemCode",
    "InvalidBodyFacts",
    "JokerSwapped",
    "JsonTooDeepFacts",
    "KnockCommand",
    "Knocked",
    "LadderRating",
    "LayMeldsCommand",
    "LayOffCommand",
    "LeaderboardEntry",
    "LeaderboardEntryKind",
    "LeaderboardPage",
    "LeaveSeatProblem",
    "LeaveSeatProblemCode",
    "ListEventsProblem",
    "ListEventsProblemCode",
    "ListGamesPresetType1",
    "ListGamesPresetType2Type1",
    "ListGamesPresetType3Type1",
    "ListGamesProblem",
    "ListGamesProblemCode",
    "ListGamesStatus",
    "ListMyGamesProblem",
    "ListMyGamesProblemCode",
    "ListMyGamesStatusType1",
    "ListMyGamesStatusType2Type1",
    "ListMyGamesStatusType3Type1",
    "Lobby",
    "LobbyEntry",
    "LobbyEntryStatus",
    "LogDocument",
    "LogHeader",
    "Meld",
    "MeldKind",
    "MeldLaid",
    "Opening",
    "Placed",
    "Player",
    "PlayerGame",
    "PlayerGames",
    "PlayerGameStatus",
    "PostCommandProblem",
    "PostCommandProblemCode",
    "Problem",
    "ProblemCode",
    "ProblemFacts",
    "Profile",
    "RateLimitedFacts",
    "RecentGame",
    "Rematch",
    "RematchGameProblem",
    "RematchGameProblemCode",
    "RematchOffered",
    "RenameMeProblem",
    "RenameMeProblemCode",
    "RenamePlayer",
    "ResignSeat",
    "ResignSeatProblem",
    "ResignSeatProblemCode",
    "RuleOverrides",
    "RuleOverridesAce",
    "RuleOverridesCardValues",
    "RuleOverridesDiscardPickup",
    "RuleOverridesFinalExhaustion",
    "RuleOverridesFirstPlayer",
    "RuleOverridesGoOut",
    "RuleOverridesHandSize",
    "RuleOverridesMeldsPerTurn",
    "RuleOverridesRummyBonus",
    "RuleOverridesScoring",
    "RuleOverridesStockOut",
    "RuleSet",
    "RuleSetAce",
    "RuleSetCardValues",
    "RuleSetDiscardPickup",
    "RuleSetFinalExhaustion",
    "RuleSetFirstPlayer",
    "RuleSetGoOut",
    "RuleSetHandSize",
    "RuleSetMeldsPerTurn",
    "RuleSetRummyBonus",
    "Rulesets",
    "RuleSetScoring",
    "RulesetsPresets",
    "RuleSetStockOut",
    "RunEnd",
    "SeatClaimed",
    "SeatControl",
    "SeatControlChanged",
    "SeatControlChangedController",
    "SeatControlChangedReason",
    "SeatFilled",
    "SeatKind",
    "SeatKindKind",
    "SeatLabel",
    "SeatLabelKind",
    "SeatLeft",
    "SeatOut",
    "SeatOutKind",
    "SeatRatingChange",
    "SeatRatingChangeKind",
    "SeatReserved",
    "SeatResigned",
    "SeatSpec",
    "SeatSpecKind",
    "SeatsRemoved",
    "SeatTakenFacts",
    "StartTable",
    "StartTableFill",
    "StartTableProblem",
    "StartTableProblemCode",
    "StateAt",
    "StateAtHeldHandsType0",
    "StateAtVisibility",
    "StockRenewed",
    "StreamEventsProblem",
    "StreamEventsProblemCode",
    "SuggestCommandProblem",
    "SuggestCommandProblemCode",
    "Suggestion",
    "SuggestRequest",
    "SuggestRequestPreset",
    "SwapJokerCommand",
    "TableOptions",
    "TakeSeatBackProblem",
    "TakeSeatBackProblemCode",
    "Ticket",
    "TurnDeadlineSet",
    "TurnTimedOut",
    "UnsupportedMediaTypeFacts",
    "VersionConflictFacts",
    "View",
    "ViewPhase",
)
