// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// Not an NFT contract: an ERC-20, whose Transfer event shares the ERC-721 topic.
contract TestERC20 is ERC20 {
    constructor() ERC20("Plain Token", "PLT") {}

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}
