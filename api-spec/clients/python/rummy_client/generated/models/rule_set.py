from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.rule_set_ace import RuleSetAce
from ..models.rule_set_card_values import RuleSetCardValues
from ..models.rule_set_discard_pickup import RuleSetDiscardPickup
from ..models.rule_set_final_exhaustion import RuleSetFinalExhaustion
from ..models.rule_set_first_player import RuleSetFirstPlayer
from ..models.rule_set_go_out import RuleSetGoOut
from ..models.rule_set_melds_per_turn import RuleSetMeldsPerTurn
from ..models.rule_set_rummy_bonus import RuleSetRummyBonus
from ..models.rule_set_scoring import RuleSetScoring
from ..models.rule_set_stock_out import RuleSetStockOut
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.rule_set_hand_size import RuleSetHandSize





T = TypeVar("T", bound="RuleSet")



@_attrs_define
class RuleSet:
    """ 
        Attributes:
            decks (int | Unset): 52-card packs (1 to 3). Default: `1`.
            jokers (int | Unset): Jokers added to the packs (0 to 12). Default: `0`.
            players (list[int] | Unset): The allowed seat counts, each 2 to 6 and listed once. Default: `[2, 3, 4, 5, 6]`.
            hand_size (RuleSetHandSize | Unset): Cards dealt to each seat, by seat count (2 to 6); each count 1 to 83, and
                the pack must hold every hand, the up-card and one card of stock.
            first_player (RuleSetFirstPlayer | Unset): Default: `"left_of_dealer"`.
            ace (RuleSetAce | Unset): Default: `"low"`.
            max_run (int | Unset): The longest run (3 to 13). Default: `13`.
            set_suits (bool | Unset): Default: `true`.
            melds_per_turn (RuleSetMeldsPerTurn | Unset): Default: `"any"`.
            lay_off (bool | Unset): Default: `true`.
            lay_off_needs_own_meld (bool | Unset): Default: `false`.
            initial_meld_min (int | Unset): Points the first meld(s) of a hand must reach in one turn (0 to 1000). Default:
                `0`.
            discard_pickup (RuleSetDiscardPickup | Unset): Default: `"top"`.
            no_same_discard (bool | Unset): Default: `true`.
            go_out (RuleSetGoOut | Unset): Default: `"any"`.
            rummy_bonus (RuleSetRummyBonus | Unset): Default: `"double"`.
            stock_out (RuleSetStockOut | Unset): Default: `"reuse"`.
            reuse_limit (int | Unset): How often the discard pile becomes the stock; the next exhaustion ends the hand (0 to
                20). Default: `1`.
            reuse_shuffle (bool | Unset): Default: `false`.
            final_exhaustion (RuleSetFinalExhaustion | Unset): Default: `"after_discard"`.
            card_values (RuleSetCardValues | Unset): Default: `"A1"`.
            scoring (RuleSetScoring | Unset): Default: `"winner_takes"`.
            game_end (str | Unset): `hands:N` (N 1 to 100) or `target:P` (P 1 to 10000 points). Default: `"hands:3"`.
            tie_break (bool | Unset): Default: `true`.
            short_deck (bool | Unset): Default: `false`.
            strict_jokers (bool | Unset): Default: `false`.
            strict_groups (bool | Unset): Default: `false`.
            knocking (bool | Unset): Default: `false`.
            rated (bool | Unset): Default: `true`.
            reveal_after_hand (bool | Unset): Default: `true`.
     """

    decks: int | Unset = UNSET
    jokers: int | Unset = UNSET
    players: list[int] | Unset = UNSET
    hand_size: RuleSetHandSize | Unset = UNSET
    first_player: RuleSetFirstPlayer | Unset = UNSET
    ace: RuleSetAce | Unset = UNSET
    max_run: int | Unset = UNSET
    set_suits: bool | Unset = UNSET
    melds_per_turn: RuleSetMeldsPerTurn | Unset = UNSET
    lay_off: bool | Unset = UNSET
    lay_off_needs_own_meld: bool | Unset = UNSET
    initial_meld_min: int | Unset = UNSET
    discard_pickup: RuleSetDiscardPickup | Unset = UNSET
    no_same_discard: bool | Unset = UNSET
    go_out: RuleSetGoOut | Unset = UNSET
    rummy_bonus: RuleSetRummyBonus | Unset = UNSET
    stock_out: RuleSetStockOut | Unset = UNSET
    reuse_limit: int | Unset = UNSET
    reuse_shuffle: bool | Unset = UNSET
    final_exhaustion: RuleSetFinalExhaustion | Unset = UNSET
    card_values: RuleSetCardValues | Unset = UNSET
    scoring: RuleSetScoring | Unset = UNSET
    game_end: str | Unset = UNSET
    tie_break: bool | Unset = UNSET
    short_deck: bool | Unset = UNSET
    strict_jokers: bool | Unset = UNSET
    strict_groups: bool | Unset = UNSET
    knocking: bool | Unset = UNSET
    rated: bool | Unset = UNSET
    reveal_after_hand: bool | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.rule_set_hand_size import RuleSetHandSize # noqa: PLC0415
        decks = self.decks

        jokers = self.jokers

        players: list[int] | Unset = UNSET
        if not isinstance(self.players, Unset):
            players = self.players



        hand_size: dict[str, Any] | Unset = UNSET
        if not isinstance(self.hand_size, Unset):
            hand_size = self.hand_size.to_dict()

        first_player: str | Unset = UNSET
        if not isinstance(self.first_player, Unset):
            first_player = self.first_player.value


        ace: str | Unset = UNSET
        if not isinstance(self.ace, Unset):
            ace = self.ace.value


        max_run = self.max_run

        set_suits = self.set_suits

        melds_per_turn: str | Unset = UNSET
        if not isinstance(self.melds_per_turn, Unset):
            melds_per_turn = self.melds_per_turn.value


        lay_off = self.lay_off

        lay_off_needs_own_meld = self.lay_off_needs_own_meld

        initial_meld_min = self.initial_meld_min

        discard_pickup: str | Unset = UNSET
        if not isinstance(self.discard_pickup, Unset):
            discard_pickup = self.discard_pickup.value


        no_same_discard = self.no_same_discard

        go_out: str | Unset = UNSET
        if not isinstance(self.go_out, Unset):
            go_out = self.go_out.value


        rummy_bonus: str | Unset = UNSET
        if not isinstance(self.rummy_bonus, Unset):
            rummy_bonus = self.rummy_bonus.value


        stock_out: str | Unset = UNSET
        if not isinstance(self.stock_out, Unset):
            stock_out = self.stock_out.value


        reuse_limit = self.reuse_limit

        reuse_shuffle = self.reuse_shuffle

        final_exhaustion: str | Unset = UNSET
        if not isinstance(self.final_exhaustion, Unset):
            final_exhaustion = self.final_exhaustion.value


        card_values: str | Unset = UNSET
        if not isinstance(self.card_values, Unset):
            card_values = self.card_values.value


        scoring: str | Unset = UNSET
        if not isinstance(self.scoring, Unset):
            scoring = self.scoring.value


        game_end = self.game_end

        tie_break = self.tie_break

        short_deck = self.short_deck

        strict_jokers = self.strict_jokers

        strict_groups = self.strict_groups

        knocking = self.knocking

        rated = self.rated

        reveal_after_hand = self.reveal_after_hand


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if decks is not UNSET:
            field_dict["decks"] = decks
        if jokers is not UNSET:
            field_dict["jokers"] = jokers
        if players is not UNSET:
            field_dict["players"] = players
        if hand_size is not UNSET:
            field_dict["hand_size"] = hand_size
        if first_player is not UNSET:
            field_dict["first_player"] = first_player
        if ace is not UNSET:
            field_dict["ace"] = ace
        if max_run is not UNSET:
            field_dict["max_run"] = max_run
        if set_suits is not UNSET:
            field_dict["set_suits"] = set_suits
        if melds_per_turn is not UNSET:
            field_dict["melds_per_turn"] = melds_per_turn
        if lay_off is not UNSET:
            field_dict["lay_off"] = lay_off
        if lay_off_needs_own_meld is not UNSET:
            field_dict["lay_off_needs_own_meld"] = lay_off_needs_own_meld
        if initial_meld_min is not UNSET:
            field_dict["initial_meld_min"] = initial_meld_min
        if discard_pickup is not UNSET:
            field_dict["discard_pickup"] = discard_pickup
        if no_same_discard is not UNSET:
            field_dict["no_same_discard"] = no_same_discard
        if go_out is not UNSET:
            field_dict["go_out"] = go_out
        if rummy_bonus is not UNSET:
            field_dict["rummy_bonus"] = rummy_bonus
        if stock_out is not UNSET:
            field_dict["stock_out"] = stock_out
        if reuse_limit is not UNSET:
            field_dict["reuse_limit"] = reuse_limit
        if reuse_shuffle is not UNSET:
            field_dict["reuse_shuffle"] = reuse_shuffle
        if final_exhaustion is not UNSET:
            field_dict["final_exhaustion"] = final_exhaustion
        if card_values is not UNSET:
            field_dict["card_values"] = card_values
        if scoring is not UNSET:
            field_dict["scoring"] = scoring
        if game_end is not UNSET:
            field_dict["game_end"] = game_end
        if tie_break is not UNSET:
            field_dict["tie_break"] = tie_break
        if short_deck is not UNSET:
            field_dict["short_deck"] = short_deck
        if strict_jokers is not UNSET:
            field_dict["strict_jokers"] = strict_jokers
        if strict_groups is not UNSET:
            field_dict["strict_groups"] = strict_groups
        if knocking is not UNSET:
            field_dict["knocking"] = knocking
        if rated is not UNSET:
            field_dict["rated"] = rated
        if reveal_after_hand is not UNSET:
            field_dict["reveal_after_hand"] = reveal_after_hand

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rule_set_hand_size import RuleSetHandSize # noqa: PLC0415
        d = dict(src_dict)
        decks = d.pop("decks", UNSET)

        jokers = d.pop("jokers", UNSET)

        players = cast(list[int], d.pop("players", UNSET))


        _hand_size = d.pop("hand_size", UNSET)
        hand_size: RuleSetHandSize | Unset
        if isinstance(_hand_size,  Unset):
            hand_size = UNSET
        else:
            hand_size = RuleSetHandSize.from_dict(_hand_size)




        _first_player = d.pop("first_player", UNSET)
        first_player: RuleSetFirstPlayer | Unset
        if isinstance(_first_player,  Unset):
            first_player = UNSET
        else:
            first_player = RuleSetFirstPlayer(_first_player)




        _ace = d.pop("ace", UNSET)
        ace: RuleSetAce | Unset
        if isinstance(_ace,  Unset):
            ace = UNSET
        else:
            ace = RuleSetAce(_ace)




        max_run = d.pop("max_run", UNSET)

        set_suits = d.pop("set_suits", UNSET)

        _melds_per_turn = d.pop("melds_per_turn", UNSET)
        melds_per_turn: RuleSetMeldsPerTurn | Unset
        if isinstance(_melds_per_turn,  Unset):
            melds_per_turn = UNSET
        else:
            melds_per_turn = RuleSetMeldsPerTurn(_melds_per_turn)




        lay_off = d.pop("lay_off", UNSET)

        lay_off_needs_own_meld = d.pop("lay_off_needs_own_meld", UNSET)

        initial_meld_min = d.pop("initial_meld_min", UNSET)

        _discard_pickup = d.pop("discard_pickup", UNSET)
        discard_pickup: RuleSetDiscardPickup | Unset
        if isinstance(_discard_pickup,  Unset):
            discard_pickup = UNSET
        else:
            discard_pickup = RuleSetDiscardPickup(_discard_pickup)




        no_same_discard = d.pop("no_same_discard", UNSET)

        _go_out = d.pop("go_out", UNSET)
        go_out: RuleSetGoOut | Unset
        if isinstance(_go_out,  Unset):
            go_out = UNSET
        else:
            go_out = RuleSetGoOut(_go_out)




        _rummy_bonus = d.pop("rummy_bonus", UNSET)
        rummy_bonus: RuleSetRummyBonus | Unset
        if isinstance(_rummy_bonus,  Unset):
            rummy_bonus = UNSET
        else:
            rummy_bonus = RuleSetRummyBonus(_rummy_bonus)




        _stock_out = d.pop("stock_out", UNSET)
        stock_out: RuleSetStockOut | Unset
        if isinstance(_stock_out,  Unset):
            stock_out = UNSET
        else:
            stock_out = RuleSetStockOut(_stock_out)




        reuse_limit = d.pop("reuse_limit", UNSET)

        reuse_shuffle = d.pop("reuse_shuffle", UNSET)

        _final_exhaustion = d.pop("final_exhaustion", UNSET)
        final_exhaustion: RuleSetFinalExhaustion | Unset
        if isinstance(_final_exhaustion,  Unset):
            final_exhaustion = UNSET
        else:
            final_exhaustion = RuleSetFinalExhaustion(_final_exhaustion)




        _card_values = d.pop("card_values", UNSET)
        card_values: RuleSetCardValues | Unset
        if isinstance(_card_values,  Unset):
            card_values = UNSET
        else:
            card_values = RuleSetCardValues(_card_values)




        _scoring = d.pop("scoring", UNSET)
        scoring: RuleSetScoring | Unset
        if isinstance(_scoring,  Unset):
            scoring = UNSET
        else:
            scoring = RuleSetScoring(_scoring)




        game_end = d.pop("game_end", UNSET)

        tie_break = d.pop("tie_break", UNSET)

        short_deck = d.pop("short_deck", UNSET)

        strict_jokers = d.pop("strict_jokers", UNSET)

        strict_groups = d.pop("strict_groups", UNSET)

        knocking = d.pop("knocking", UNSET)

        rated = d.pop("rated", UNSET)

        reveal_after_hand = d.pop("reveal_after_hand", UNSET)

        rule_set = cls(
            decks=decks,
            jokers=jokers,
            players=players,
            hand_size=hand_size,
            first_player=first_player,
            ace=ace,
            max_run=max_run,
            set_suits=set_suits,
            melds_per_turn=melds_per_turn,
            lay_off=lay_off,
            lay_off_needs_own_meld=lay_off_needs_own_meld,
            initial_meld_min=initial_meld_min,
            discard_pickup=discard_pickup,
            no_same_discard=no_same_discard,
            go_out=go_out,
            rummy_bonus=rummy_bonus,
            stock_out=stock_out,
            reuse_limit=reuse_limit,
            reuse_shuffle=reuse_shuffle,
            final_exhaustion=final_exhaustion,
            card_values=card_values,
            scoring=scoring,
            game_end=game_end,
            tie_break=tie_break,
            short_deck=short_deck,
            strict_jokers=strict_jokers,
            strict_groups=strict_groups,
            knocking=knocking,
            rated=rated,
            reveal_after_hand=reveal_after_hand,
        )

        return rule_set

